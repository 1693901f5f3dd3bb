import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { cityOfZip } from '@blooms/shared/contract/delivery-area';
import { isGiftDeliveries } from '@blooms/shared/contract/gifts';
import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { SubscriberTextField } from '@blooms/shared/contract/subscriber';

/** The fields a visitor types into, by their input's name (the state is fixed, never typed). */
export const TYPED_FIELDS = (Object.keys(EMPTY_SUBSCRIBE_FORM) as (keyof SubscribeForm)[]).filter(
  (field): field is SubscriberTextField =>
    typeof EMPTY_SUBSCRIBE_FORM[field] === 'string' && field !== 'plan' && field !== 'state' && field !== 'giftPayment',
);

/**
 * What the form on the page holds: the prerendered form takes input from its first paint, so
 * before the app takes it over a visitor may have typed, ticked a box or chosen a plan there.
 */
export function readFormInPage(element: HTMLFormElement): SubscribeForm {
  const control = (name: string) => element.elements.namedItem(name);
  const form: SubscribeForm = { ...EMPTY_SUBSCRIBE_FORM, selectedMonths: { ...EMPTY_SUBSCRIBE_FORM.selectedMonths } };
  for (const field of TYPED_FIELDS) {
    const input = control(field);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) form[field] = input.value;
  }
  const gift = control('gift');
  if (gift instanceof HTMLInputElement) form.gift = gift.checked;
  const texts = control('texts');
  if (texts instanceof HTMLInputElement) form.texts = texts.checked;
  const length = Number(element.querySelector<HTMLInputElement>('input[name="giftDeliveries"]:checked')?.value ?? 0);
  if (isGiftDeliveries(length)) form.giftDeliveries = length;
  if (element.querySelector<HTMLInputElement>('input[name="giftPayment"][value="prepaid"]')?.checked) form.giftPayment = 'prepaid';
  const custom = element.querySelector<HTMLInputElement>('input[name="plan"][value="custom"]');
  if (custom?.checked) form.plan = 'custom';
  for (const month of MONTH_NAMES) {
    const box = element.querySelector<HTMLInputElement>(`input[name="months"][value="${month}"]`);
    if (box) form.selectedMonths[month] = box.checked;
  }
  return form;
}

/**
 * The form the app starts from: what this tab kept (or the empty form), with whatever the
 * visitor changed on the page before the app took over on top, since that is newer. Without
 * address suggestions, a known ZIP typed then fills in an empty city, as it does once the app
 * runs. Null when there is neither: the app starts from the empty form the page shows.
 */
export function formTakenOver(inPage: SubscribeForm, saved: SubscribeForm | null, fillsCityFromZip: boolean): SubscribeForm | null {
  const typed = TYPED_FIELDS.filter((field) => inPage[field] !== EMPTY_SUBSCRIBE_FORM[field]);
  const giftChanged =
    inPage.gift !== EMPTY_SUBSCRIBE_FORM.gift ||
    inPage.giftDeliveries !== EMPTY_SUBSCRIBE_FORM.giftDeliveries ||
    inPage.giftPayment !== EMPTY_SUBSCRIBE_FORM.giftPayment;
  const planChanged =
    inPage.plan !== EMPTY_SUBSCRIBE_FORM.plan ||
    MONTH_NAMES.some((month) => inPage.selectedMonths[month] !== EMPTY_SUBSCRIBE_FORM.selectedMonths[month]);
  const textsTicked = inPage.texts !== EMPTY_SUBSCRIBE_FORM.texts;
  if (!saved && typed.length === 0 && !giftChanged && !planChanged && !textsTicked) return null;
  const form: SubscribeForm = { ...(saved ?? EMPTY_SUBSCRIBE_FORM) };
  for (const field of typed) form[field] = inPage[field];
  if (giftChanged) {
    form.gift = inPage.gift;
    form.giftDeliveries = inPage.giftDeliveries;
    form.giftPayment = inPage.giftPayment;
  }
  if (textsTicked) form.texts = inPage.texts;
  if (planChanged) {
    form.plan = inPage.plan;
    form.selectedMonths = inPage.selectedMonths;
  }
  if (fillsCityFromZip && typed.includes('zip') && !form.city.trim()) form.city = cityOfZip(form.zip.trim()) ?? '';
  return form;
}
