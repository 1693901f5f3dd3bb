// A subscriber's own view of their subscriptions (/account), and the changes they may make.
import type { z } from 'zod';
import type { accountMonthSchema, accountSchema, accountSubscriptionSchema } from './account-api';
import type { IsoDate } from './delivery-dates';
import { addDays, lastDayForChanges } from './delivery-dates';
import { PRICE_PER_MONTH_USD } from './site';

export const PRICE_PER_MONTH_CENTS = PRICE_PER_MONTH_USD * 100;

/**
 * A month is charged the day after its last day for changes: until then the subscriber may
 * still skip it, and from then on it is certain to go out.
 */
export function chargeDateFor(deliveryDate: IsoDate): IsoDate {
  return addDays(lastDayForChanges(deliveryDate), 1);
}

/** The account as the API sends it, and its parts: the response schemas of account-api.ts. */
export type Account = z.output<typeof accountSchema>;
export type AccountSubscription = z.output<typeof accountSubscriptionSchema>;
export type AccountMonth = z.output<typeof accountMonthSchema>;
export type AccountPastDelivery = AccountSubscription['past'][number];
export type AccountGiftTerms = NonNullable<AccountSubscription['giftTerms']>;

/** The longest pause, in months. */
export const MAX_PAUSE_MONTHS = 3;

/** How long the sign-in page waits before offering to send the link again (the e-mail can take a minute; the server also limits links per hour). */
export const SIGN_IN_RESEND_SECONDS = 30;

/** Why a subscriber cancels: a short list, then "other" in their own words. The account offers a pause or a skip instead where one fits. */
export const CANCEL_REASONS = [
  { id: 'away', label: 'I will be away for a while', offer: 'pause' },
  { id: 'too-expensive', label: 'It costs more than I want to spend', offer: 'skip' },
  { id: 'too-often', label: 'Flowers every month are too many', offer: 'skip' },
  { id: 'moving', label: 'I am moving out of the delivery area', offer: null },
  { id: 'not-as-hoped', label: 'The flowers or the delivery were not what I hoped', offer: null },
  { id: 'other', label: 'Something else', offer: null },
] as const satisfies readonly { id: string; label: string; offer: 'pause' | 'skip' | null }[];
export type CancelReason = (typeof CANCEL_REASONS)[number]['id'];
export const CANCEL_REASON_IDS = CANCEL_REASONS.map((reason) => reason.id) as [CancelReason, ...CancelReason[]];
/** The longest "other" reason kept. */
export const CANCEL_OTHER_MAX = 500;
