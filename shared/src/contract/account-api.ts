// The account API's requests, checked by the server (the browser sends what account.ts describes).
import { z } from 'zod';
import { textStateSchema } from './texts-api';
import {
  CANCEL_OTHER_MAX,
  CANCEL_REASON_IDS,
  MAX_PAUSE_MONTHS,
  type Account,
  type AccountMonth,
  type AccountSubscription,
} from './account';
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

// The account as the API sends it: checked against account.ts's types, and what the server's
// serializer writes (a field no schema names is not sent).

const accountMonthSchema = z.object({
  month: z.string(),
  date: z.string(),
  lastDayForChanges: z.string(),
  state: z.enum(MONTH_STATES),
  changeable: z.boolean(),
  chargeCents: z.number(),
  chargeDate: z.string().nullable(),
  paid: z.boolean(),
}) satisfies z.ZodType<AccountMonth>;

const accountSubscriptionSchema = z.object({
  id: z.string(),
  plan: z.enum(PLANS),
  months: z.array(z.number()),
  recipient: z.string(),
  deliverTo: z.string(),
  address: z.object({ address: z.string(), unit: z.string(), city: z.string(), zip: z.string() }),
  deliveryNotes: z.string(),
  gift: z.boolean(),
  giftTerms: z
    .object({
      deliveries: z.number(),
      prepaid: z.boolean(),
      left: z.number(),
      lastMonth: z.string().nullable(),
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
  refundIfCancelledCents: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  statusLabel: z.string(),
  pausedFrom: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  coming: z.array(accountMonthSchema),
  lastDeliveryIfCancelled: z.string().nullable(),
  past: z.array(
    z.object({
      month: z.string(),
      date: z.string(),
      status: z.enum(['delivered', 'out-for-delivery', 'not-recorded']),
      photoUrl: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      month: z.string(),
      amountCents: z.number(),
      paidAt: z.string(),
      refundedCents: z.number(),
      refunded: z.boolean(),
      receipt: receiptFactsSchema.nullable(),
      deliveries: z.array(z.object({ month: z.string(), amountCents: z.number(), refundedCents: z.number() })).optional(),
    }),
  ),
  texts: textStateSchema.optional(),
}) satisfies z.ZodType<AccountSubscription>;

export const accountSchema = z.object({
  email: z.string(),
  cardUpdates: z.boolean(),
  subscriptions: z.array(accountSubscriptionSchema),
}) satisfies z.ZodType<Account>;

/** A cancellation's answer: the account, and the last delivery as words (null when none comes). */
export const cancelledAccountSchema = accountSchema.extend({ lastDelivery: z.string().nullable() });

/** Where the subscriber changes their card: the payment provider's page, which comes back to the account. */
export const cardPageSchema = z.object({ url: z.string() });

export const signInLinkSentSchema = z.object({ message: z.string() });
