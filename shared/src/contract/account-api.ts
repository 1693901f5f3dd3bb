// The account API's requests, checked by the server (the browser sends what account.ts describes).
import { z } from 'zod';
import { textStateSchema } from './texts-api';
import { CANCEL_OTHER_MAX, CANCEL_REASON_IDS, MAX_PAUSE_MONTHS } from './account';
import { MONTH_STATES, SUBSCRIPTION_STATUSES } from './lifecycle';
import { monthSchema } from './deliveries-api';
import { ACCOUNT_MESSAGES } from './messages';
import { PLANS, subscriberFields } from './subscriber';
import { receiptFactsSchema } from './receipts';

export const accountSubscriptionParamsSchema = z.strictObject({ id: z.uuid({ error: ACCOUNT_MESSAGES.notYours }) });
export const accountMonthParamsSchema = accountSubscriptionParamsSchema.extend({ month: monthSchema });
/**
 * A skip or pause taken from the cancel form's offer, instead of cancelling: the reason the
 * subscriber had chosen, kept in the change's history for the owner's figures.
 */
export const insteadOfCancellingSchema = z.strictObject({
  insteadOf: z.enum(CANCEL_REASON_IDS, { error: 'insteadOf must be one of the reasons for cancelling.' }).optional(),
});
export type InsteadOfCancelling = z.output<typeof insteadOfCancellingSchema>;
export const pauseRequestSchema = z.strictObject({
  from: monthSchema,
  months: z
    .number({ error: ACCOUNT_MESSAGES.pauseLength })
    .int(ACCOUNT_MESSAGES.pauseLength)
    .min(1, ACCOUNT_MESSAGES.pauseLength)
    .max(MAX_PAUSE_MONTHS, ACCOUNT_MESSAGES.pauseLength),
});
export const signInLinkRequestSchema = z.strictObject({
  email: z.email({ error: 'Enter the e-mail address you subscribed with.' }).max(254),
});

/**
 * Where the flowers go, as a subscriber may change it: the rules of subscribing (the delivery
 * area too). The state stays Utah. Messages name the fields as the account's form labels them.
 */
export const addressChangeSchema = subscriberFields
  .pick({ address: true, unit: true, city: true, zip: true, deliveryNotes: true })
  .strict()
  .meta({
    fieldNames: { address: 'Street address', unit: 'Apt, suite or unit', city: 'City', zip: 'ZIP code', deliveryNotes: 'Delivery notes' },
  });
export type AddressChange = z.output<typeof addressChangeSchema>;

/** A Custom plan's new months (numbers 1-12), as when subscribing. */
export const monthsChangeSchema = z.strictObject({ months: subscriberFields.shape.months });

/** Why the subscriber cancels; a caller that sends no reason (an empty body) cancels with none kept. */
export const cancelRequestSchema = z.strictObject({
  reason: z.enum(CANCEL_REASON_IDS, { error: 'Choose why you are cancelling.' }).optional(),
  otherText: z.string().trim().max(CANCEL_OTHER_MAX, `Please keep it under ${CANCEL_OTHER_MAX} characters.`).default(''),
});
export type CancelRequest = z.output<typeof cancelRequestSchema>;

// The account as the API sends it, and what the server's serializer writes (a field no schema
// names is not sent).

/** One coming month of a subscription, as its subscriber sees it. */
export const accountMonthSchema = z.object({
  month: z.string(),
  /** The delivery day. */
  date: z.string(),
  lastDayForChanges: z.string(),
  state: z.enum(MONTH_STATES),
  /** Whether the subscriber may still skip it (or bring it back). */
  changeable: z.boolean(),
  /** What will be charged for it, in cents: the price for a month that delivers and is not paid yet, else 0. */
  chargeCents: z.number(),
  /** The day it is charged, when chargeCents is not 0. */
  chargeDate: z.string().nullable(),
  paid: z.boolean(),
});

/**
 * One payment as the card was charged for it: what it took and when, and what of it was given
 * back. A prepaid gift's checkout is one payment of all its deliveries, with one receipt.
 */
const accountPaymentSchema = z.object({
  /** The first month it pays for now. */
  month: z.string(),
  amountCents: z.number(),
  paidAt: z.string(),
  refundedCents: z.number(),
  /** All of it given back (a delivery not made when cancelled, or a refund by the florist). */
  refunded: z.boolean(),
  /** Its receipt, as e-mailed; null until it is issued (moments after the charge). */
  receipt: receiptFactsSchema.nullable(),
  /**
   * The deliveries it pays for, in month order (one, but for a prepaid gift's checkout): the
   * month its money pays for now (a skipped month's money moves on), and what of it was given back.
   */
  deliveries: z.array(z.object({ month: z.string(), amountCents: z.number(), refundedCents: z.number() })).optional(),
});

export const accountSubscriptionSchema = z.object({
  id: z.string(),
  plan: z.enum(PLANS),
  months: z.array(z.number()),
  recipient: z.string(),
  deliverTo: z.string(),
  /** The address as its form shows it (the state is always Utah). */
  address: z.object({ address: z.string(), unit: z.string(), city: z.string(), zip: z.string() }),
  deliveryNotes: z.string(),
  gift: z.boolean(),
  /** A gift's terms as its buyer sees them, and what giving it again starts from; null when people subscribe for themselves. */
  giftTerms: z
    .object({
      /** Its length in deliveries; 0 while it runs until cancelled. */
      deliveries: z.number(),
      prepaid: z.boolean(),
      /** Deliveries still to come, for a gift that ends. */
      left: z.number(),
      /** The month of its last delivery, for a gift that ends. */
      lastMonth: z.string().nullable(),
      /** The recipient's and buyer's details, for the subscribe form when the buyer continues the gift. */
      continueWith: z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string(),
        buyerName: z.string(),
        buyerEmail: z.string(),
      }),
    })
    .nullable(),
  /** What a cancellation now would refund: a prepaid gift's deliveries it would not make. */
  refundIfCancelledCents: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** "Active", "Cancelled, last delivery December 2026"... */
  statusLabel: z.string(),
  pausedFrom: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  /** This month and the next twelve. */
  coming: z.array(accountMonthSchema),
  /** The delivery day a cancellation now would keep as the last (one paid for, or too close to change); null when none would come. */
  lastDeliveryIfCancelled: z.string().nullable(),
  /** The months whose delivery day has come. */
  past: z.array(
    z.object({
      month: z.string(),
      date: z.string(),
      status: z.enum(['delivered', 'out-for-delivery', 'not-recorded']),
      /** The door photo, when the vase was left at the door. */
      photoUrl: z.string().nullable(),
    }),
  ),
  payments: z.array(accountPaymentSchema),
  /** Delivery-day texts: on (to which number) or off, since when and how; absent from a server without texts. */
  texts: textStateSchema.optional(),
});

export const accountSchema = z.object({
  email: z.string(),
  /** Whether the card can be changed from here (Stripe's customer portal); the test checkout has no card. */
  cardUpdates: z.boolean(),
  subscriptions: z.array(accountSubscriptionSchema),
});

/** A cancellation's answer: the account, and the last delivery as words (null when none comes). */
export const cancelledAccountSchema = accountSchema.extend({ lastDelivery: z.string().nullable() });

/** Where the subscriber changes their card: the payment provider's page, which comes back to the account. */
export const cardPageSchema = z.object({ url: z.string() });

export const signInLinkSentSchema = z.object({ message: z.string() });
