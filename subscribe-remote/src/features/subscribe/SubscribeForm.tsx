import type { ReactNode } from 'react';
import { formatPrice, PRICE_PER_MONTH_USD, SECURE_CHECKOUT } from '@blooms/shared/contract/site';
import { zipCheck } from '@blooms/shared/contract/subscribe';
import { checkoutAmountCents, deliveriesText, formatCents, isPrepaidGift } from '@blooms/shared/contract/gifts';
import type { SubscribeFormState } from './use-subscribe-form';
import { useCheckoutSubmit } from './use-checkout-submit';
import { RecipientFields } from './RecipientFields';
import { GiftFields } from './GiftFields';
import { AddressFields } from './AddressFields';
import { PlanFields } from './PlanFields';
import { TextsFields } from './TextsFields';

/**
 * The subscribe form. It is a real form that takes input from the page's first paint; a press
 * of Subscribe before the app has taken the page over is made once it has (host/public/start.js).
 * beforeSubmit: what a person should read before pressing Subscribe (the order at a glance).
 */
/** A gift paid up front says what it takes; anything else is the monthly price. */
function submitLabel(form: SubscribeFormState['form']): string {
  if (form.gift && isPrepaidGift(form)) return `Pay ${formatCents(checkoutAmountCents(form))} for ${deliveriesText(form.giftDeliveries)}`;
  return `Subscribe for ${formatPrice(PRICE_PER_MONTH_USD)}/month`;
}

export function SubscribeForm({ state, beforeSubmit }: { state: SubscribeFormState; beforeSubmit?: ReactNode }) {
  const { submitting, submit } = useCheckoutSubmit(state);
  return (
    <form ref={state.formRef} className="subscribe-form" onSubmit={submit} noValidate>
      <RecipientFields state={state} />
      <GiftFields state={state} />
      <AddressFields state={state} />
      <TextsFields state={state} />
      <PlanFields
        plan={state.form.plan}
        selectedMonths={state.form.selectedMonths}
        gift={state.form.gift}
        giftDeliveries={state.form.giftDeliveries}
        giftPayment={state.form.giftPayment}
        choosePlan={state.choosePlan}
        toggleMonth={state.toggleMonth}
        problem={state.problems.months}
      />
      {beforeSubmit}
      <button type="submit" className="button subscribe-form__submit" disabled={zipCheck(state.form.zip).status === 'error' || submitting}>
        {submitLabel(state.form)}
      </button>
      <p className="secure-checkout">{SECURE_CHECKOUT}</p>
    </form>
  );
}
