import { z } from 'zod';
import { findUnstorableText } from '@blooms/shared/contract/validation';

/**
 * What the webhook reads of a Stripe event, checked before anything is done with it: a signed
 * event of another shape (no data, a NUL in an id) is refused with 400, which Stripe does not
 * retry, instead of failing as a server error it would retry for days.
 */
const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  /** When it happened (Unix seconds): the order events are applied in. */
  created: z.number().int().nonnegative().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const paymentIntentSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string().max(64),
  /** What the payment takes, in cents: what the ledger records when it succeeds. */
  amount: z.number().int().nonnegative(),
  metadata: z.record(z.string().max(255), z.string().max(500)).optional(),
  last_payment_error: z.object({ code: z.string().max(255).optional(), message: z.string().max(2000).optional() }).nullish(),
});
const disputeSchema = z.object({
  id: z.string().min(1).max(255),
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]),
  amount: z.number().int().nonnegative(),
  reason: z.string().max(255).optional(),
  status: z.string().max(64),
});
const RECONCILED = {
  'payment_intent.succeeded': paymentIntentSchema,
  'payment_intent.payment_failed': paymentIntentSchema,
  'charge.dispute.created': disputeSchema,
  'charge.dispute.closed': disputeSchema,
} as const;

const paidCheckoutSchema = z.object({
  id: z.string().min(1).max(255),
  payment_status: z.string().max(64),
  customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional(),
});

/** A charge refunded at Stripe (charge.refunded): its payment, customer, and all refunded of it so far. */
const refundedChargeSchema = z.object({
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]),
  customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional(),
  amount_refunded: z.number().int().nonnegative(),
});
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** A PaymentIntent as Stripe's events carry it: the parts read here. */
export type IntentObject = z.output<typeof paymentIntentSchema>;
/** A dispute as Stripe's events carry it; once closed, its status is won or lost (anything else is taken as lost). */
export type DisputeObject = z.output<typeof disputeSchema>;

/** A later charge's outcome or a dispute, as the webhook read it (signature and shape checked). */
export type ReconciledEvent =
  | { id: string; type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; createdAt: Date; intent: IntentObject }
  | { id: string; type: 'charge.dispute.created' | 'charge.dispute.closed'; createdAt: Date; dispute: DisputeObject };

export interface StripeEvent {
  id: string;
  type: string;
  createdAt: Date;
  session: z.output<typeof paidCheckoutSchema> | null;
  reconciled: ReconciledEvent | null;
  refunded: z.output<typeof refundedChargeSchema> | null;
}

/** The event's parts the webhook uses, or null when the event is not of a shape it can handle. */
export function readStripeEvent(event: unknown, now: Date): StripeEvent | null {
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, type, data, created } = parsed.data;
  const isCheckout = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
  const session = isCheckout ? paidCheckoutSchema.safeParse(data.object) : null;
  if (session && !session.success) return null;
  const createdAt = created === undefined ? now : new Date(created * 1000);
  let reconciled: ReconciledEvent | null = null;
  if (type in RECONCILED) {
    const object = RECONCILED[type as keyof typeof RECONCILED].safeParse(data.object);
    if (!object.success) return null;
    reconciled = type.startsWith('charge.dispute.')
      ? { id, type: type as 'charge.dispute.created', createdAt, dispute: object.data as DisputeObject }
      : { id, type: type as 'payment_intent.succeeded', createdAt, intent: object.data as IntentObject };
  }
  const refunded = type === 'charge.refunded' ? refundedChargeSchema.safeParse(data.object) : null;
  if (refunded && !refunded.success) return null;
  const read = { id, type, createdAt, session: session?.data ?? null, reconciled, refunded: refunded?.data ?? null };
  return findUnstorableText(read) ? null : read;
}
