// The owner's figures of the business, for a range of months: subscribers, why people leave,
// retention and deliveries, each computed on the server from the subscription and delivery history.
import { z } from 'zod';
import { CANCEL_REASON_IDS } from './account';
import { addMonths, FIRST_YEAR, LAST_YEAR, MONTH_KEY_PATTERN, monthsInRange, type MonthKey } from './months';

/** The range shown unless another is chosen: the last 12 months and the next 3. */
export const DEFAULT_PAST_MONTHS = 12;
export const DEFAULT_FUTURE_MONTHS = 3;
/** The longest range asked for at once, in months. */
export const MAX_FIGURES_MONTHS = 36;
/** Retention follows each cohort this many months after its first delivery. */
export const RETENTION_MONTHS = 12;

/** The default range around this month: from 12 months before it to 3 after. */
export function defaultFiguresRange(thisMonth: MonthKey): { from: MonthKey; to: MonthKey } {
  return { from: addMonths(thisMonth, -(DEFAULT_PAST_MONTHS - 1)), to: addMonths(thisMonth, DEFAULT_FUTURE_MONTHS) };
}

/** Every month from..to, both included, in order. */
export function monthsOfRange(from: MonthKey, to: MonthKey): MonthKey[] {
  return Array.from({ length: Math.max(0, monthsInRange(from, to)) }, (_, i) => addMonths(from, i));
}

const rangeMonth = (name: 'from' | 'to') =>
  z.string().regex(MONTH_KEY_PATTERN, `${name} must be a month as YYYY-MM, from ${FIRST_YEAR}-01 to ${LAST_YEAR}-12.`).optional();

export const BUSINESS_FIGURES_MESSAGES = {
  order: 'from must be the same month as to or before it.',
  tooLong: `The range can be at most ${MAX_FIGURES_MONTHS} months.`,
  bothOrNeither: 'Give both from and to, or neither for the last 12 months and the next 3.',
};

/** The range asked for: both months, or neither for the default range. */
export const businessFiguresQuerySchema = z
  .strictObject({ from: rangeMonth('from'), to: rangeMonth('to') })
  .superRefine((query, context) => {
    if ((query.from === undefined) !== (query.to === undefined))
      context.addIssue({ code: 'custom', message: BUSINESS_FIGURES_MESSAGES.bothOrNeither });
    else if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: 'custom', message: BUSINESS_FIGURES_MESSAGES.order });
    else if (query.from && query.to && monthsInRange(query.from, query.to) > MAX_FIGURES_MONTHS)
      context.addIssue({ code: 'custom', message: BUSINESS_FIGURES_MESSAGES.tooLong });
  });
export type BusinessFiguresQuery = z.input<typeof businessFiguresQuerySchema>;

/**
 * Subscribers in one month. Active: the subscription delivers in the month (by its plan, skips,
 * pauses, holds and end, as "Deliver This Month" says it), or delivered in it. Paused and held
 * (past due, awaiting authentication, disputed) are months of the plan that do not deliver for
 * that reason, counted apart from active.
 */
export const subscribersMonthSchema = z.object({
  month: z.string(),
  active: z.number(),
  /** Of the active: Yearly and Custom plans, and gifts. */
  yearly: z.number(),
  custom: z.number(),
  gifts: z.number(),
  paused: z.number(),
  held: z.number(),
  /** Subscriptions made in the month (studio time). */
  new: z.number(),
  /** Subscriptions cancelled in the month: by the subscriber, or by the payment provider. */
  cancelled: z.number(),
  /** Cancelled in the month over active in the month before; null when none were active then. */
  churnRate: z.number().nullable(),
  /** New less cancelled. */
  netGrowth: z.number(),
});
export type SubscribersMonth = z.output<typeof subscribersMonthSchema>;

/**
 * Why people leave, in the range, by reason (every reason listed, 0 when none): cancellations
 * that gave it, and subscribers who gave it and took the skip or pause the cancel form offered
 * instead of cancelling.
 */
export const leavingReasonSchema = z.object({
  reason: z.enum(CANCEL_REASON_IDS),
  cancelled: z.number(),
  skippedInstead: z.number(),
  pausedInstead: z.number(),
});

/** Subscriptions whose first delivery was in one month, and the share of them active 1-12 months later. */
export const retentionCohortSchema = z.object({
  month: z.string(),
  size: z.number(),
  /** Index 0 is one month later; null for months not come yet. */
  shares: z.array(z.number().nullable()),
});
export type RetentionCohort = z.output<typeof retentionCohortSchema>;

/**
 * One delivery day's stops (deliveries and pickup-only stops): delivered on the day (or before
 * it), delivered on a later day, not delivered once the day has passed, and delivered at the
 * door with a photo.
 */
export const deliveryDayFiguresSchema = z.object({
  month: z.string(),
  date: z.string(),
  planned: z.number(),
  deliveredOnTheDay: z.number(),
  deliveredLater: z.number(),
  /** Stops of a day that has passed and were never delivered; 0 for today and days to come. */
  notDelivered: z.number(),
  leftAtDoorWithPhoto: z.number(),
  /** Attempts that failed ("Could not deliver") on the day's stops, each attempt once. Absent from an API of the release before. */
  failedAttempts: z.number().optional(),
});
export type DeliveryDayFigures = z.output<typeof deliveryDayFiguresSchema>;

/**
 * Money in one month, in cents, from the ledger (every amount at the price the ledger holds).
 * - charged, refunded, net: the money that moved in the month (studio time), as the payment
 *   provider's balance shows it: charges, less refunds (a lost dispute is one). Carries move
 *   money between months and adjustments are bookkeeping: neither is money moved.
 * - expected: for a month to come (after this month), the charges still to be made for its
 *   deliveries: each subscription the month delivers for, as its plan, skips, pauses and holds
 *   stand now, whose month is not paid yet (paid ahead at checkout, or a prepaid gift, is not
 *   expected again), at the price. For a month that has come (this month and before), what
 *   its deliveries are worth: each subscription active in it (delivering, or delivered) at the price.
 * - difference: for a month that has come, what the ledger holds for its deliveries (charges for
 *   it, less refunds of it, with carries in and out and adjustments) less expected; null for a
 *   month to come. Below 0: deliveries not paid for, or money given back.
 */
export const moneyMonthSchema = z.object({
  month: z.string(),
  chargedCents: z.number(),
  refundedCents: z.number(),
  netCents: z.number(),
  expectedCents: z.number(),
  differenceCents: z.number().nullable(),
});
export type MoneyMonth = z.output<typeof moneyMonthSchema>;

/**
 * What each headline figure means, in the words the figures screen shows beside it. The server
 * counts them by these rules (read-models/business-figures.ts); the screen only shows them.
 */
export const FIGURE_DEFINITIONS = {
  active:
    'A subscription is active in a month when it delivers in that month (its plan has the month, and it is not skipped, paused, held for a payment, or ended) or was delivered in it. Paused and held subscriptions are not active.',
  recurringRevenue:
    'Monthly recurring revenue: the active subscriptions of the month times the price ($99). Below it, what was actually charged in the month, less refunds, as the payment provider moved it.',
  churn:
    'Churn: subscriptions cancelled in the month (by the subscriber, or ended by the payment provider) over the subscriptions active in the month before. Pauses and skips are not churn.',
  netGrowth: 'Net growth: subscriptions made in the month (new, gifts included) less subscriptions cancelled in it.',
  revenuePerSubscriber:
    'Average revenue per subscriber per month (ARPU): what was charged over the last 12 months, less refunds, over the months subscriptions were active in them. A prepaid gift counts in the month it was paid.',
} as const;

/** One month's headline figures (FIGURE_DEFINITIONS says what each counts): the month's subscribers as subscribersMonthSchema counts them, and its money. */
export const headlineMonthSchema = subscribersMonthSchema
  .pick({ month: true, active: true, paused: true, new: true, cancelled: true, churnRate: true, netGrowth: true })
  .extend({
    /** Active subscriptions times the price, in cents. */
    recurringRevenueCents: z.number(),
    /** Charged in the month less refunded in it, in cents (as moneyMonthSchema netCents). */
    netChargedCents: z.number(),
  });
export type HeadlineMonth = z.output<typeof headlineMonthSchema>;

/** This month's headline figures and last month's, whatever range is asked for. */
export const headlineSchema = z.object({
  thisMonth: headlineMonthSchema,
  lastMonth: headlineMonthSchema,
  /** FIGURE_DEFINITIONS.revenuePerSubscriber, in cents; null when no subscription was active in the last 12 months. */
  revenuePerSubscriberMonthCents: z.number().nullable(),
});
export type Headline = z.output<typeof headlineSchema>;

/** The figures of a range, as one read of the database counts them. */
export const figureNumbersSchema = z.object({
  /** The headline; an API older than it leaves it out. */
  headline: headlineSchema.optional(),
  from: z.string(),
  to: z.string(),
  subscribers: z.array(subscribersMonthSchema),
  money: z.object({
    months: z.array(moneyMonthSchema),
    /**
     * Net charged over the 12 months up to this month (whatever the range), over the subscriptions
     * active in any of them, rounded to the cent; null when none were. Kept for screens older
     * than the headline, which shows headline.revenuePerSubscriberMonthCents instead.
     */
    averagePerSubscriberYearCents: z.number().nullable(),
  }),
  leaving: z.object({
    reasons: z.array(leavingReasonSchema),
    /** Of all the reasons: skips and pauses taken instead of cancelling. */
    skippedInstead: z.number(),
    pausedInstead: z.number(),
  }),
  retention: z.array(retentionCohortSchema),
  deliveries: z.array(deliveryDayFiguresSchema),
});
export type FigureNumbers = z.output<typeof figureNumbersSchema>;

/**
 * The figures as served: kept in memory, and answered at once even when the data has changed
 * since they were read, while newer ones are read in the background.
 */
export const businessFiguresSchema = figureNumbersSchema.extend({
  /** When the figures were read, as an ISO instant: they count everything committed by then. */
  asOf: z.string(),
  /** Newer figures are being read: asking again in a few seconds gets them. */
  refreshing: z.boolean(),
});
export type BusinessFigures = z.output<typeof businessFiguresSchema>;

/**
 * A subscription whose payment has not gone through (past due, or awaiting the subscriber's
 * authentication), for staff to chase: since which month, what it owes, how often the card was
 * tried, and when the payer was last e-mailed about it.
 */
export const paymentToChaseSchema = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['past-due', 'needs-authentication']),
  since: z.string(),
  owedCents: z.number(),
  tries: z.number(),
  /** The last e-mail about the payment (the first notice, or a link sent again), as an ISO instant; null when none was sent. */
  lastEmailAt: z.string().nullable(),
  /** When "Send the card-update link again" can next be used, as an ISO instant; null when it can now. */
  sendAgainFrom: z.string().nullable(),
});
export type PaymentToChase = z.output<typeof paymentToChaseSchema>;

/** The card-update link is sent again at most once in this many hours per subscription. */
export const CARD_LINK_RESEND_HOURS = 24;
export const CARD_LINK_MESSAGES = {
  sent: 'The card-update link was sent again.',
  tooSoon: `The card-update link was sent less than ${CARD_LINK_RESEND_HOURS} hours ago; it can be sent again later.`,
  notOwing: 'This subscription has no payment to chase.',
};
