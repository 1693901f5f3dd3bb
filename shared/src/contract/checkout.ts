import { z } from 'zod';
import { SUBSCRIBE_MESSAGES } from './messages';
import { ALL_MONTH_NUMBERS, MONTH_NAMES, type MonthName } from './months';
import { subscriberSchema, type Plan, type Subscriber, type SubscriberField } from './subscriber';
import { namedFields } from './validation';
import { TEXT_MESSAGES } from './texts';
import { textPhoneSchema, textWordingSchema } from './texts-api';
import type { OrderSummary } from './order';

/** What the browser sends to createCheckoutSession: the subscriber, in the callable's snake_case wire names (first_name, sub_id) rather than the form's camelCase. */
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
  /** A gift's buyer and card message; absent when people subscribe for themselves. */
  gift_from_name?: string;
  gift_from_email?: string;
  gift_message?: string;
  /** A gift's length in deliveries (0: until cancelled) and how it is paid (contract/gifts.ts). */
  gift_deliveries?: number;
  gift_payment?: 'per-delivery' | 'prepaid';
  /** Delivery-day texts, only when the box was ticked: the number to text and the exact consent wording shown (contract/texts.ts). */
  sms_phone?: string;
  sms_consent?: string;
}

/** Wire name of each subscriber field, so the server's messages name the field the caller sent. */
const WIRE_NAMES = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  address: 'address',
  unit: 'unit',
  city: 'city',
  state: 'state',
  zip: 'zip',
  deliveryNotes: 'notes',
  buyerName: 'gift_from_name',
  buyerEmail: 'gift_from_email',
  giftMessage: 'gift_message',
  giftDeliveries: 'gift_deliveries',
  giftPayment: 'gift_payment',
  plan: 'plan',
  months: 'months',
} as const satisfies Record<SubscriberField, keyof CheckoutPayload>;

/** 'all' -> 1..12 for yearly; 'January,March' -> [1, 3] for custom; a message when not valid. */
function monthsFromWire(plan: unknown, months: string): number[] | string {
  if (plan === 'yearly') return months === 'all' ? [...ALL_MONTH_NUMBERS] : "months must be 'all' for the yearly plan.";
  const names = months.split(',').map((name) => name.trim());
  if (names.some((name) => !MONTH_NAMES.includes(name as MonthName))) return SUBSCRIBE_MESSAGES.noMonths;
  return names.map((name) => MONTH_NAMES.indexOf(name as MonthName) + 1);
}

/** The wire fields read through WIRE_NAMES; checked by the subscriber's rules below. No other field is taken. */
const wireFields = Object.fromEntries(Object.values(WIRE_NAMES).map((name) => [name, z.unknown().optional()])) as {
  [K in (typeof WIRE_NAMES)[SubscriberField]]: z.ZodOptional<z.ZodUnknown>;
};

const wireSchema = z.strictObject({
  ...wireFields,
  months: z.string().max(200),
  sub_id: z.string({ error: 'sub_id is required.' }).regex(/^[A-Za-z0-9]{0,254}-\d{10,16}$/, 'sub_id is not valid.'),
  sms_phone: textPhoneSchema.optional(),
  sms_consent: textWordingSchema.optional(),
});

/** The text consent a checkout carries: both fields or neither. */
export interface CheckoutTextConsent {
  phone: string;
  wording: string;
}

/**
 * The server's check of a checkout payload: the subscriber's rules with the form's messages,
 * and the delivery area. Gives the subscriber and the browser's reference for the checkout.
 */
export const checkoutPayloadSchema = wireSchema.transform(
  (wire, ctx): { subscriber: Subscriber; subId: string; texts: CheckoutTextConsent | null } => {
    // Each subscriber field from its wire name; the months are read apart (their format differs).
    const fields = Object.fromEntries(Object.entries(WIRE_NAMES).map(([field, wireName]) => [field, wire[wireName]]));
    const reject = (issues: { message: string; path: PropertyKey[] }[]) => {
      for (const { message, path } of issues)
        ctx.addIssue({ code: 'custom', message, path: path.map((p) => WIRE_NAMES[p as SubscriberField] ?? p) });
      return z.NEVER;
    };
    // Every other field first, then the months, which come last in the wire format.
    const others = subscriberSchema.safeParse({ ...fields, months: ALL_MONTH_NUMBERS }, { error: namedFields(WIRE_NAMES) });
    if (!others.success) return reject(others.error.issues);
    const months = monthsFromWire(wire.plan, wire.months);
    if (typeof months === 'string') return reject([{ message: months, path: ['months'] }]);
    const parsed = subscriberSchema.safeParse({ ...fields, months }, { error: namedFields(WIRE_NAMES) });
    if ((wire.sms_phone === undefined) !== (wire.sms_consent === undefined))
      return reject([{ message: TEXT_MESSAGES.invalidPhone, path: [wire.sms_phone === undefined ? 'sms_phone' : 'sms_consent'] }]);
    const texts = wire.sms_phone && wire.sms_consent ? { phone: wire.sms_phone, wording: wire.sms_consent } : null;
    return parsed.success ? { subscriber: parsed.data, subId: wire.sub_id, texts } : reject(parsed.error.issues);
  },
);

/** A started checkout: the provider's page to send the buyer to. */
export const checkoutStartedSchema = z.object({ url: z.string(), sessionId: z.string() });

export const checkoutVerifySchema = z.strictObject({
  sessionId: z.string({ error: 'sessionId is required.' }).min(1, 'sessionId is required.').max(255),
});

/** A checkout's outcome; when paid, what was bought, for the confirmation page. */
export const checkoutVerifiedSchema = z.object({
  payment_status: z.enum(['paid', 'unpaid']),
  order: z
    .object({
      firstName: z.string(),
      plan: z.enum(['yearly', 'custom']),
      months: z.array(z.number()),
      deliverTo: z.string(),
      firstDelivery: z.object({ month: z.string(), date: z.string() }).nullable(),
      gift: z.object({ recipient: z.string(), message: z.string(), deliveries: z.number(), prepaidCents: z.number() }).nullable(),
      payments: z.enum(['stripe', 'local']),
    })
    .optional(),
}) satisfies z.ZodType<{ payment_status: 'paid' | 'unpaid'; order?: OrderSummary }>;
