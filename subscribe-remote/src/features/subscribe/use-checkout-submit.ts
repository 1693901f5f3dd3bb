import { useState, type FormEvent } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { buildCheckoutPayload, validateSubscribeForm, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import { callFunction } from '../checkout/call-function';
import { redirectTo } from '../checkout/redirect';

/** Submitting the form: its rules first, then a checkout session and off to the payment page. */
export function useCheckoutSubmit(form: SubscribeForm): { submitting: boolean; submit: (event: FormEvent) => Promise<void> } {
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSubscribeForm(form);
    if (problem) {
      showPopup('error', problem);
      return;
    }
    setSubmitting(true);
    showPopup('info', SUBSCRIBE_MESSAGES.processing);
    try {
      const result = await callFunction('createCheckoutSession', buildCheckoutPayload(form));
      if (!result?.url) {
        showPopup('error', SUBSCRIBE_MESSAGES.noCheckoutUrl);
        return;
      }
      redirectTo(result.url);
    } catch (error) {
      showPopup('error', SUBSCRIBE_MESSAGES.checkoutFailed((error as Error)?.message));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
