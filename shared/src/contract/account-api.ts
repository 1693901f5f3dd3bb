// The account API's requests, checked by the server (the browser sends what account.ts describes).
import { z } from 'zod';
import { MAX_PAUSE_MONTHS } from './account';
import { monthSchema } from './deliveries-api';
import { ACCOUNT_MESSAGES } from './messages';

export const accountSubscriptionParamsSchema = z.object({ id: z.uuid({ error: ACCOUNT_MESSAGES.notYours }) });
export const accountMonthParamsSchema = accountSubscriptionParamsSchema.extend({ month: monthSchema });
export const pauseRequestSchema = z.object({
  from: monthSchema,
  months: z.number({ error: ACCOUNT_MESSAGES.pauseLength }).int(ACCOUNT_MESSAGES.pauseLength).min(1, ACCOUNT_MESSAGES.pauseLength).max(MAX_PAUSE_MONTHS, ACCOUNT_MESSAGES.pauseLength),
});
export const signInLinkRequestSchema = z.object({ email: z.email({ error: 'Enter the e-mail address you subscribed with.' }).max(254) });
