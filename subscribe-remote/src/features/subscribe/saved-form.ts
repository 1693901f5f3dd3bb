import { SAVED_SUBSCRIBE_FORM_KEY } from '@blooms/shared/contract/app-start';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { isGiftDeliveries } from '@blooms/shared/contract/gifts';
import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { SubscriberTextField } from '@blooms/shared/contract/subscriber';

/**
 * The subscribe form, kept for this tab only (session storage) so that a customer who leaves
 * for checkout and comes back (Cancel, the Back button, "Try Again") finds it as they left it.
 * Forgotten once the subscription is paid.
 */
const KEY = SAVED_SUBSCRIBE_FORM_KEY;

const TEXT_FIELDS = (Object.keys(EMPTY_SUBSCRIBE_FORM) as (keyof SubscribeForm)[]).filter(
  (field): field is SubscriberTextField =>
    typeof EMPTY_SUBSCRIBE_FORM[field] === 'string' && field !== 'plan' && field !== 'state' && field !== 'giftPayment',
);

/** The kept form, or null. Whatever else is stored under the key (old shapes, edits by hand) is ignored field by field. */
export function loadSavedForm(): SubscribeForm | null {
  let saved: unknown;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    saved = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const stored = saved as Record<string, unknown>;
  const form: SubscribeForm = { ...EMPTY_SUBSCRIBE_FORM, selectedMonths: { ...EMPTY_SUBSCRIBE_FORM.selectedMonths } };
  for (const field of TEXT_FIELDS) {
    const value = stored[field];
    if (typeof value === 'string') form[field] = value;
  }
  if (stored.plan === 'yearly' || stored.plan === 'custom') form.plan = stored.plan;
  if (typeof stored.gift === 'boolean') form.gift = stored.gift;
  if (typeof stored.texts === 'boolean') form.texts = stored.texts;
  if (isGiftDeliveries(stored.giftDeliveries)) form.giftDeliveries = stored.giftDeliveries;
  if (stored.giftPayment === 'per-delivery' || stored.giftPayment === 'prepaid') form.giftPayment = stored.giftPayment;
  const months = stored.selectedMonths as Record<string, unknown> | undefined;
  if (form.plan === 'custom' && typeof months === 'object' && months !== null) {
    for (const month of MONTH_NAMES) if (typeof months[month] === 'boolean') form.selectedMonths[month] = months[month];
  }
  return form;
}

/** Storage may be full or switched off (private windows in some browsers): the form then simply is not kept. */
export function saveForm(form: SubscribeForm): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(form));
  } catch {
    // not kept
  }
}

export function forgetSavedForm(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
