import { useState, type FormEvent } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { buildCheckoutPayload, validateSubscribeForm } from '@blooms/shared/contract/subscribe';
import type { SubscribeFormState } from './use-subscribe-form';
import { callFunction } from '../checkout/call-function';
import { redirectTo } from '../checkout/redirect';

/**
 * Submitting the form: its rules first, then a checkout session and off to the payment page.
 * A refused form gets the spec's popup, naming one problem, and every field at fault marked;
 * dismissing the popup puts the cursor in the first of them.
 */
export function useCheckoutSubmit({ form, formRef, markProblems }: Pick<SubscribeFormState, 'form' | 'formRef' | 'markProblems'>): {
  submitting: boolean;
  submit: (event: FormEvent) => Promise<void>;
} {
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSubscribeForm(form);
    if (problem) {
      markProblems();
      showPopup('error', problem, undefined, () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
      showFailure(error, SUBSCRIBE_MESSAGES.checkoutFailed);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
