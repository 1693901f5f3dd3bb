import { isDeliveryZip } from './delivery-area';
import { allMonthsSelected, MONTH_NAMES, type SelectedMonths } from './months';
import { MISSING_FIELD_MESSAGES, SUBSCRIBE_MESSAGES, ZIP_MESSAGES } from './messages';
import { formatPrice, PRICE_PER_MONTH_USD } from './site';
import type { CheckoutPayload } from './checkout';
import { giftDeliveriesOf, planLabel, type GiftDeliveries, type GiftPayment } from './gifts';
// Types only: the browser's form ships no zod.
import type { Plan, SubscriberTextField } from './subscriber';
import { isEmailAddress } from './validation';
import { normalizeUsPhone, TEXT_CONSENT_WORDING, TEXT_MESSAGES } from './texts';

export type ZipStatus = 'neutral' | 'success' | 'error';

/** The live delivery-area message under the ZIP field: people learn whether we deliver to them before they fill in the rest. */
export function zipCheck(zip: string): { status: ZipStatus; message: string } {
  const value = zip.trim();
  if (!value) return { status: 'neutral', message: ZIP_MESSAGES.empty };
  if (!/^\d{5}$/.test(value)) return { status: 'neutral', message: ZIP_MESSAGES.invalid };
  return isDeliveryZip(value) ? { status: 'success', message: ZIP_MESSAGES.inArea } : { status: 'error', message: ZIP_MESSAGES.outOfArea };
}

/**
 * The subscribe form's state: the subscriber's fields as typed, and a flag
 * per month. Derived from the subscriber, so a field added there appears here.
 */
export type SubscribeForm = Record<SubscriberTextField, string> & {
  plan: Plan;
  selectedMonths: SelectedMonths;
  gift: boolean;
  giftDeliveries: GiftDeliveries;
  giftPayment: GiftPayment;
  /** "Text me on delivery days", unticked until the person ticks it, and the number to text (contract/texts.ts). */
  texts: boolean;
  textPhone: string;
};

/** The month numbers (1-12) the form's plan delivers in: all of them for Yearly. */
export function plannedMonths(form: Pick<SubscribeForm, 'plan' | 'selectedMonths'>): number[] {
  return MONTH_NAMES.flatMap((month, i) => (form.plan === 'yearly' || form.selectedMonths[month] ? [i + 1] : []));
}

type PlanChoice = Pick<SubscribeForm, 'plan' | 'selectedMonths'> & Partial<Pick<SubscribeForm, 'gift' | 'giftDeliveries' | 'giftPayment'>>;

/** Whether the form's order is a gift that ends after a number of deliveries (its months are then only when they come). */
export const giftEnds = (form: Partial<Pick<SubscribeForm, 'gift' | 'giftDeliveries'>>) => Boolean(form.gift) && giftDeliveriesOf(form) > 0;

/** The form's first plan choice: "Yearly", or for a gift that ends, every month until its last delivery. */
export const everyMonthChoice = (form: Partial<Pick<SubscribeForm, 'gift' | 'giftDeliveries'>>) =>
  giftEnds(form) ? { name: 'Every month', detail: 'one delivery a month' } : { name: 'Yearly', detail: 'flowers every month' };

/**
 * The plan in a line, as the form sums it up: "3 deliveries a year, $99 each", or for a gift that
 * ends, its name: "Gift: 3 deliveries, paid up front ($297), one each month".
 */
export function planSummary(form: PlanChoice): string {
  const count = plannedMonths(form).length;
  if (count === 0) return 'No months chosen yet';
  if (giftEnds(form)) return `${planLabel({ ...form, gift: true })}, ${form.plan === 'yearly' ? 'one each month' : 'in the months chosen'}`;
  return `${count} ${count === 1 ? 'delivery' : 'deliveries'} a year, ${formatPrice(PRICE_PER_MONTH_USD)} each`;
}

/** Checkout's way back to the form when the customer cancels: /subscribe?checkout=cancelled */
export const CHECKOUT_CANCELLED_PARAM = { name: 'checkout', value: 'cancelled' } as const;
export const CHECKOUT_CANCEL_PATH = `/subscribe?${CHECKOUT_CANCELLED_PARAM.name}=${CHECKOUT_CANCELLED_PARAM.value}`;

export const EMPTY_SUBSCRIBE_FORM: SubscribeForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  unit: '',
  city: '',
  state: 'UT',
  zip: '',
  deliveryNotes: '',
  buyerName: '',
  buyerEmail: '',
  giftMessage: '',
  plan: 'yearly',
  selectedMonths: allMonthsSelected(),
  gift: false,
  giftDeliveries: 0,
  giftPayment: 'per-delivery',
  texts: false,
  textPhone: '',
};

export const REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zip'] as const;

const capitalise = (field: string) => field.charAt(0).toUpperCase() + field.slice(1);
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The subscribe form's submit rules in a fixed order, the delivery area first: the first that fails, or null, so a person reads one message at a time. */
export function validateSubscribeForm(form: SubscribeForm): string | null {
  if (zipCheck(form.zip).status === 'error') return SUBSCRIBE_MESSAGES.outOfArea;
  const missing = REQUIRED_FIELDS.find((field) => !form[field].trim());
  if (missing) return SUBSCRIBE_MESSAGES.missingField(capitalise(missing));
  if (!isEmailAddress(form.email.trim())) return SUBSCRIBE_MESSAGES.invalidEmail;
  if (digitsOnly(form.phone).length !== 10) return SUBSCRIBE_MESSAGES.invalidPhone;
  if (!/^\d{5}$/.test(form.zip.trim())) return SUBSCRIBE_MESSAGES.invalidZip;
  if (plannedMonths(form).length === 0) return SUBSCRIBE_MESSAGES.noMonths;
  if (form.gift && !form.buyerName.trim()) return SUBSCRIBE_MESSAGES.giftBuyerName;
  if (form.gift && !isEmailAddress(form.buyerEmail.trim())) return SUBSCRIBE_MESSAGES.giftBuyerEmail;
  if (form.texts && !normalizeUsPhone(form.textPhone)) return TEXT_MESSAGES.invalidPhone;
  return null;
}

/** A part of the subscribe form the submit rules can find wrong: a text field, or the custom plan's months. */
export type SubscribeProblemField = SubscriberTextField | 'months' | 'textPhone';

/**
 * Every part of the form the submit rules (validateSubscribeForm) find wrong, each with its own
 * message, so the form can mark them all at once: the popup still names one at a time.
 */
export function subscribeFieldProblems(form: SubscribeForm): Partial<Record<SubscribeProblemField, string>> {
  const problems: Partial<Record<SubscribeProblemField, string>> = {};
  for (const field of REQUIRED_FIELDS) if (!form[field].trim()) problems[field] = MISSING_FIELD_MESSAGES[field];
  if (!problems.email && !isEmailAddress(form.email.trim())) problems.email = SUBSCRIBE_MESSAGES.invalidEmail;
  if (!problems.phone && digitsOnly(form.phone).length !== 10) problems.phone = SUBSCRIBE_MESSAGES.invalidPhone;
  if (zipCheck(form.zip).status === 'error') problems.zip = SUBSCRIBE_MESSAGES.outOfArea;
  else if (!problems.zip && !/^\d{5}$/.test(form.zip.trim())) problems.zip = SUBSCRIBE_MESSAGES.invalidZip;
  if (plannedMonths(form).length === 0) problems.months = SUBSCRIBE_MESSAGES.noMonths;
  if (form.gift && !form.buyerName.trim()) problems.buyerName = SUBSCRIBE_MESSAGES.giftBuyerName;
  if (form.gift && !isEmailAddress(form.buyerEmail.trim())) problems.buyerEmail = SUBSCRIBE_MESSAGES.giftBuyerEmail;
  if (form.texts && !normalizeUsPhone(form.textPhone)) problems.textPhone = TEXT_MESSAGES.invalidPhone;
  return problems;
}

export function buildCheckoutPayload(form: SubscribeForm, now: number = Date.now()): CheckoutPayload {
  const email = form.email.trim();
  return {
    email,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    phone: digitsOnly(form.phone),
    address: form.address.trim(),
    unit: form.unit.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    zip: form.zip.trim(),
    notes: form.deliveryNotes.trim(),
    plan: form.plan,
    months: form.plan === 'yearly' ? 'all' : MONTH_NAMES.filter((month) => form.selectedMonths[month]).join(','),
    sub_id: `${email.replace(/[^a-z0-9]/gi, '')}-${now}`,
    ...(form.gift
      ? {
          gift_from_name: form.buyerName.trim(),
          gift_from_email: form.buyerEmail.trim(),
          gift_message: form.giftMessage.trim(),
          gift_deliveries: form.giftDeliveries,
          // An ongoing gift is paid as each delivery comes: only one that ends can be paid up front.
          gift_payment: form.giftDeliveries === 0 ? 'per-delivery' : form.giftPayment,
        }
      : {}),
    // Only when the box is ticked: the number, and the wording shown beside the box.
    ...(form.texts ? { sms_phone: form.textPhone.trim(), sms_consent: TEXT_CONSENT_WORDING } : {}),
  };
}
