// The account API's requests, checked by the server (the browser sends what account.ts describes).
import { z } from 'zod';
import { CANCEL_OTHER_MAX, CANCEL_REASON_IDS, MAX_PAUSE_MONTHS } from './account';
import { monthSchema } from './deliveries-api';
import { ACCOUNT_MESSAGES } from './messages';
import { subscriberFields } from './subscriber';

export const accountSubscriptionParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_MESSAGES.notYours }) });
export const accountMonthParamsSchema = accountSubscriptionParamsSchema.extend({ month: monthSchema });
export const pauseRequestSchema = z.object({
  from: monthSchema,
  months: z.number({ error: ACCOUNT_MESSAGES.pauseLength }).int(ACCOUNT_MESSAGES.pauseLength).min(1, ACCOUNT_MESSAGES.pauseLength).max(MAX_PAUSE_MONTHS, ACCOUNT_MESSAGES.pauseLength),
});
export const signInLinkRequestSchema = z.object({ email: z.email({ error: 'Enter the e-mail address you subscribed with.' }).max(254) });

/**
 * Where the flowers go, as a subscriber may change it: the rules of subscribing (the delivery
 * area too). The state stays Utah. Messages name the fields as the account's form labels them.
 */
export const addressChangeSchema = subscriberFields
  .pick({ address: true, unit: true, city: true, zip: true, deliveryNotes: true })
  .meta({ fieldNames: { address: 'Street address', unit: 'Apt, suite or unit', city: 'City', zip: 'ZIP code', deliveryNotes: 'Delivery notes' } });
export type AddressChange = z.output<typeof addressChangeSchema>;

/** A Custom plan's new months (numbers 1-12), as when subscribing. */
export const monthsChangeSchema = z.object({ months: subscriberFields.shape.months });

/** Why the subscriber cancels; a caller that sends no reason (an empty body) cancels with none kept. */
export const cancelRequestSchema = z.object({
  reason: z.enum(CANCEL_REASON_IDS, { error: 'Choose why you are cancelling.' }).optional(),
  otherText: z.string().trim().max(CANCEL_OTHER_MAX, `Please keep it under ${CANCEL_OTHER_MAX} characters.`).default(''),
});
export type CancelRequest = z.output<typeof cancelRequestSchema>;
