import { z } from 'zod';
import { isDeliveryZip } from './delivery-area';
import { MONTH_NAMES, type MonthName, type SelectedMonths } from './months';
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

const text = (field: string, max: number) =>
  z.string({ error: `${field} is required.` }).trim().min(1, `${field} is required.`).max(max, `${field} must be at most ${max} characters.`);
const optionalText = (field: string, max: number) => z.string({ error: `${field} must be text.` }).trim().max(max, `${field} must be at most ${max} characters.`).default('');

/** The server's check of a checkout payload: the form's rules, and the delivery area. */
export const checkoutPayloadSchema = z
  .object({
    email: text('email', 254).regex(EMAIL_PATTERN, SUBSCRIBE_MESSAGES.invalidEmail),
    first_name: text('first_name', 100),
    last_name: text('last_name', 100),
    phone: z.string({ error: 'phone is required.' }).regex(/^\d{10}$/, SUBSCRIBE_MESSAGES.invalidPhone),
    address: text('address', 200),
    unit: optionalText('unit', 50),
    city: text('city', 100),
    state: z.literal('UT', { error: 'We only deliver in Utah: state must be UT.' }),
    zip: z
      .string({ error: 'zip is required.' })
      .regex(/^\d{5}$/, SUBSCRIBE_MESSAGES.invalidZip)
      .refine(isDeliveryZip, SUBSCRIBE_MESSAGES.outOfArea),
    notes: optionalText('notes', 1000),
    plan: z.enum(['yearly', 'custom'], { error: "plan must be 'yearly' or 'custom'." }),
    months: z.string({ error: 'months is required.' }).max(200),
    sub_id: z.string({ error: 'sub_id is required.' }).regex(/^[A-Za-z0-9]{0,254}-\d{10,16}$/, 'sub_id is not valid.'),
  })
  .transform((payload, ctx) => {
    const months = parseMonths(payload.plan, payload.months);
    if (!months) {
      ctx.addIssue({ code: 'custom', message: payload.plan === 'yearly' ? "months must be 'all' for the yearly plan." : SUBSCRIBE_MESSAGES.noMonths });
      return z.NEVER;
    }
    return { ...payload, monthNumbers: months };
  });

export type ValidCheckout = z.output<typeof checkoutPayloadSchema>;

/** 'all' -> 1..12 for yearly; 'January,March' -> [1, 3] for custom; null when not valid. */
function parseMonths(plan: Plan, months: string): number[] | null {
  if (plan === 'yearly') return months === 'all' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : null;
  const names = months.split(',').map((name) => name.trim());
  if (names.length === 0 || names.some((name) => !MONTH_NAMES.includes(name as MonthName))) return null;
  return [...new Set(names.map((name) => MONTH_NAMES.indexOf(name as MonthName) + 1))].sort((a, b) => a - b);
}
