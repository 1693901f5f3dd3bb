import { isDeliveryZip } from './delivery-area';
import { MONTH_NAMES, type SelectedMonths } from './months';
import { EMAIL_PATTERN } from './validation';

/** Texts of spec sections 5 and 8, exactly. */
export const SUBSCRIBE_MESSAGES = {
  outOfArea: "We don't currently deliver to your area. Please try a different ZIP code.",
  missingField: (field: string) => `Please fill in all required fields. Missing: ${field}`,
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid 10-digit phone number.',
  invalidZip: 'Please enter a valid 5-digit ZIP code.',
  noMonths: 'Please select at least one month for your custom plan.',
  notUtah: 'We only deliver to addresses in Utah. Please select a Utah address.',
  processing: 'Processing your subscription...',
  noCheckoutUrl: 'No checkout URL received from Stripe',
  checkoutFailed: (message?: string) => `Error: ${message || 'Unknown error'}`,
  missingSessionId: 'Missing session ID in URL.',
  notPaid: 'Payment not completed. Please try again.',
  verifyFailed: 'Error verifying payment. Please check your email for confirmation or contact support.',
} as const;

export const ZIP_MESSAGES = {
  empty: 'Enter your ZIP code to check delivery availability',
  invalid: 'Enter a valid 5-digit ZIP code',
  inArea: 'Great! We deliver to your area ✓',
  outOfArea: "Sorry, we don't currently deliver to this area",
} as const;

export type ZipStatus = 'neutral' | 'success' | 'error';

/** The live delivery-area message under the ZIP field (spec section 5). */
export function zipCheck(zip: string): { status: ZipStatus; message: string } {
  const value = zip.trim();
  if (!value) return { status: 'neutral', message: ZIP_MESSAGES.empty };
  if (!/^\d{5}$/.test(value)) return { status: 'neutral', message: ZIP_MESSAGES.invalid };
  return isDeliveryZip(value) ? { status: 'success', message: ZIP_MESSAGES.inArea } : { status: 'error', message: ZIP_MESSAGES.outOfArea };
}

export type Plan = 'yearly' | 'custom';

export interface SubscribeForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
  deliveryNotes: string;
  plan: Plan;
  selectedMonths: SelectedMonths;
}

export const REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zip'] as const;

const capitalise = (field: string) => field.charAt(0).toUpperCase() + field.slice(1);
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The submit rules of spec section 5, in their order: the first that fails, or null. */
export function validateSubscribeForm(form: SubscribeForm): string | null {
  if (zipCheck(form.zip).status === 'error') return SUBSCRIBE_MESSAGES.outOfArea;
  const missing = REQUIRED_FIELDS.find((field) => !form[field].trim());
  if (missing) return SUBSCRIBE_MESSAGES.missingField(capitalise(missing));
  if (!EMAIL_PATTERN.test(form.email.trim())) return SUBSCRIBE_MESSAGES.invalidEmail;
  if (digitsOnly(form.phone).length !== 10) return SUBSCRIBE_MESSAGES.invalidPhone;
  if (!/^\d{5}$/.test(form.zip.trim())) return SUBSCRIBE_MESSAGES.invalidZip;
  if (form.plan === 'custom' && !MONTH_NAMES.some((month) => form.selectedMonths[month])) return SUBSCRIBE_MESSAGES.noMonths;
  return null;
}

/** What the browser sends to createCheckoutSession (spec section 3). */
export interface CheckoutPayload {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
  plan: Plan;
  months: string;
  sub_id: string;
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
  };
}
