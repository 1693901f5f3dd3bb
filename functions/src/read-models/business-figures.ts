import { sql, type SQL } from 'drizzle-orm';
import { CANCEL_REASONS, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import {
  defaultFiguresRange,
  monthsOfRange,
  RETENTION_MONTHS,
  type BusinessFiguresQuery,
  type FigureNumbers,
  type Headline,
  type HeadlineMonth,
  type MoneyMonth,
  type RetentionCohort,
  type SubscribersMonth,
} from '@blooms/shared/contract/business-figures';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { countIn, monthSets, type FigureSets, type MonthSetGroup, type MonthSets, type SetsRead, type SetsSpan } from './month-sets';
import { deliveryDays } from './delivery-day-figures';
import { FULL_READ, KEPT_READ, keepUpToDate, type FigureSources } from './kept-figure-parts';
import { monthStart, studioMonth } from './ledger-sums';
import { rowsOf } from './raw-rows';

// The owner's figures (contract/business-figures.ts), each one grouped read over the
// subscriptions and their history, or over the parts of them kept as writes touch them
// (kept-figure-parts.ts, equal to a full read by test). What each month is for each subscription
// comes from one read of month sets (month-sets.ts).

/** Events that cancelled a subscription: the subscriber's cancel, or the provider's ending it. */
const CANCELLATION = sql`(subscription_events.kind = 'cancel' or (subscription_events.kind = 'status'
  and subscription_events.detail->'to'->>'status' = 'cancelled' and coalesce(subscription_events.detail->'from'->>'status', '') <> 'cancelled'))`;

interface Counted {
  month: string;
  n: number;
}

/** Subscriptions made, and cancelled, in each month from..to (studio time). */
async function madeAndCancelled(
  db: Db,
  from: MonthKey,
  to: MonthKey,
): Promise<{ madeIn: Map<string, number>; cancelledIn: Map<string, number> }> {
  const [made, cancelled] = await Promise.all([
    rowsOf<Counted>(
      db,
      sql`select ${studioMonth(sql`created_at`)} as month, count(*)::int as n from subscriptions
        where created_at >= ${monthStart(from)} and created_at < ${monthStart(addMonths(to, 1))} group by 1`,
    ),
    rowsOf<Counted>(
      db,
      sql`select ${studioMonth(sql`subscription_events.at`)} as month, count(distinct subscription_events.subscription_id)::int as n
        from subscription_events
        where ${CANCELLATION} and subscription_events.at >= ${monthStart(from)}
          and subscription_events.at < ${monthStart(addMonths(to, 1))} group by 1`,
    ),
  ]);
  return {
    madeIn: new Map(made.map((row) => [row.month, Number(row.n)])),
    cancelledIn: new Map(cancelled.map((row) => [row.month, Number(row.n)])),
  };
}

/** Subscribers by month, from the month sets (which hold the month before too, for churn). */
async function subscribers(db: Db, months: MonthKey[], setsRead: SetsRead): Promise<SubscribersMonth[]> {
  const { madeIn, cancelledIn } = await madeAndCancelled(db, months[0]!, months.at(-1)!);
  const { sets } = await setsRead;
  const active = (group: MonthSetGroup) => group.active;
  return months.map((month) => {
    const activeCount = countIn(sets, month, active);
    const yearly = countIn(sets, month, active, (group) => group.yearly);
    const before = countIn(sets, addMonths(month, -1), active);
    const newCount = madeIn.get(month) ?? 0;
    const cancelledCount = cancelledIn.get(month) ?? 0;
    return {
      month,
      active: activeCount,
      yearly,
      custom: activeCount - yearly,
      gifts: countIn(sets, month, active, (group) => group.gift),
      paused: countIn(sets, month, (group) => group.paused),
      held: countIn(sets, month, (group) => group.held),
      new: newCount,
      cancelled: cancelledCount,
      churnRate: before > 0 ? cancelledCount / before : null,
      netGrowth: newCount - cancelledCount,
    };
  });
}

async function leaving(db: Db, months: MonthKey[]): Promise<FigureNumbers['leaving']> {
  const inRange = (at: SQL) => sql`${studioMonth(at)} between ${months[0]} and ${months.at(-1)}`;
  const [given, instead] = await Promise.all([
    rowsOf<{ reason: string; n: number }>(
      db,
      sql`select reason, count(*)::int as n from cancellation_reasons where ${inRange(sql`at`)} group by reason`,
    ),
    // The cancel form's offer taken: a skip or pause whose history keeps the reason it was taken instead of (services/account/changes.ts).
    rowsOf<{ reason: string; kind: string; n: number }>(
      db,
      sql`select detail->>'insteadOf' as reason, kind, count(*)::int as n from subscription_events
        where kind in ('skip', 'pause') and detail->>'insteadOf' is not null and ${inRange(sql`at`)}
        group by 1, 2`,
    ),
  ]);
  const cancelled = new Map(given.map((row) => [row.reason, Number(row.n)]));
  const took = new Map(instead.map((row) => [`${row.reason}/${row.kind}`, Number(row.n)]));
  const reasons = CANCEL_REASONS.map(({ id }) => ({
    reason: id,
    cancelled: cancelled.get(id) ?? 0,
    skippedInstead: took.get(`${id}/skip`) ?? 0,
    pausedInstead: took.get(`${id}/pause`) ?? 0,
  }));
  const total = (key: 'skippedInstead' | 'pausedInstead') => reasons.reduce((n, reason) => n + reason[key], 0);
  return { reasons, skippedInstead: total('skippedInstead'), pausedInstead: total('pausedInstead') };
}

/**
 * Money by month (contract/business-figures.ts moneyMonthSchema): what moved, from the ledger's
 * charges and refunds by when they were made; for months to come, the deliveries not paid yet;
 * for months that have come, what their deliveries are worth (the active subscriptions) against
 * what the ledger holds for them. And the net charged per subscriber over the last 12 months
 * (yearSets: month sets holding those 12 months).
 */
async function money(
  db: Db,
  months: MonthKey[],
  thisMonth: MonthKey,
  setsRead: SetsRead,
  sources: Pick<FigureSources, 'ledger'> = FULL_READ,
): Promise<MoneyFigures> {
  const yearMonths = monthsOfRange(addMonths(thisMonth, -11), thisMonth);
  const cashFrom = months[0]! < yearMonths[0]! ? months[0]! : yearMonths[0]!;
  const cashTo = months.at(-1)! > thisMonth ? months.at(-1)! : thisMonth;
  // One read of the ledger: its money by kind, by the month it moved in (studio time) and the month it is for.
  const entries = await sources.ledger(db, monthsOfRange(cashFrom, cashTo), months[0]!, thisMonth);
  const { sets, yearSets } = await setsRead;
  const sumOf = (keep: (entry: (typeof entries)[number]) => boolean) =>
    entries.filter(keep).reduce((sum, entry) => sum + Number(entry.cents), 0);
  const chargedIn = (month: MonthKey) => sumOf((entry) => entry.kind === 'charge' && entry.moved === month);
  const refundedIn = (month: MonthKey) => -sumOf((entry) => entry.kind === 'refund' && entry.moved === month);
  const netIn = (month: MonthKey) => chargedIn(month) - refundedIn(month);
  const rows = months.map((month): MoneyMonth => {
    const come = month <= thisMonth;
    const expectedCents = countIn(sets, month, (group) => (come ? group.active : group.unpaid)) * PRICE_PER_MONTH_CENTS;
    return {
      month,
      chargedCents: chargedIn(month),
      refundedCents: refundedIn(month),
      netCents: netIn(month),
      expectedCents,
      differenceCents: come ? sumOf((entry) => entry.month === month) - expectedCents : null,
    };
  });
  const subscribersInYear = yearSets.groups
    .filter((group) => yearMonths.some((month) => yearSets.has(group.active, month)))
    .reduce((n, group) => n + group.count, 0);
  const subscriberMonths = yearMonths.reduce((n, month) => n + countIn(yearSets, month, (group) => group.active), 0);
  const yearNet = yearMonths.reduce((sum, month) => sum + netIn(month), 0);
  return {
    months: rows,
    averagePerSubscriberYearCents: subscribersInYear > 0 ? Math.round(yearNet / subscribersInYear) : null,
    revenuePerSubscriberMonthCents: subscriberMonths > 0 ? Math.round(yearNet / subscriberMonths) : null,
    netIn,
  };
}

/** Money by month, and what the headline takes from the same read of the ledger. */
type MoneyFigures = FigureNumbers['money'] & {
  /** ARPU (contract FIGURE_DEFINITIONS.revenuePerSubscriber). */
  revenuePerSubscriberMonthCents: number | null;
  /** Net charged in a month of the range or of the last 12 months. */
  netIn: (month: MonthKey) => number;
};

/**
 * The headline (contract/business-figures.ts headlineSchema): this month and last month, whatever
 * the range, from the month sets of the last 12 months (which hold the month before last too,
 * for last month's churn), the ledger read of money, and the subscriptions made and cancelled.
 */
async function headline(db: Db, thisMonth: MonthKey, setsRead: SetsRead, moneyRead: Promise<MoneyFigures>): Promise<Headline> {
  const lastMonth = addMonths(thisMonth, -1);
  const { madeIn, cancelledIn } = await madeAndCancelled(db, lastMonth, thisMonth);
  const [{ yearSets }, { netIn, revenuePerSubscriberMonthCents }] = await Promise.all([setsRead, moneyRead]);
  const activeIn = (month: MonthKey) => countIn(yearSets, month, (group) => group.active);
  const monthOf = (month: MonthKey): HeadlineMonth => {
    const active = activeIn(month);
    const before = activeIn(addMonths(month, -1));
    const made = madeIn.get(month) ?? 0;
    const cancelled = cancelledIn.get(month) ?? 0;
    return {
      month,
      active,
      paused: countIn(yearSets, month, (group) => group.paused),
      recurringRevenueCents: active * PRICE_PER_MONTH_CENTS,
      netChargedCents: netIn(month),
      new: made,
      cancelled,
      churnRate: before > 0 ? cancelled / before : null,
      netGrowth: made - cancelled,
    };
  };
  return { thisMonth: monthOf(thisMonth), lastMonth: monthOf(lastMonth), revenuePerSubscriberMonthCents };
}

/** Cohorts by month of first delivery, in the range and up to this month, each followed 1-12 months on (months to come: null). */
function retention(months: MonthKey[], thisMonth: MonthKey, sets: MonthSets): RetentionCohort[] {
  return months
    .filter((month) => month <= thisMonth)
    .flatMap((month) => {
      const cohort = sets.groups.filter((group) => group.firstDelivered === month);
      const size = cohort.reduce((n, group) => n + group.count, 0);
      if (size === 0) return [];
      const shares = Array.from({ length: RETENTION_MONTHS }, (_, i) => {
        const later = addMonths(month, i + 1);
        if (later > thisMonth) return null;
        return cohort.reduce((n, group) => (sets.has(group.active, later) ? n + group.count : n), 0) / size;
      });
      return [{ month, size, shares }];
    });
}

/** The range asked for, or the default one around today's month. */
export function figuresRange(query: BusinessFiguresQuery, today: string): { from: MonthKey; to: MonthKey } {
  return query.from && query.to ? { from: query.from, to: query.to } : defaultFiguresRange(today.slice(0, 7));
}

/** The span of the month sets the figures of these months read (setsFor). */
function setsSpanOf(months: MonthKey[], thisMonth: MonthKey): SetsSpan {
  const last = months.at(-1)!;
  const followed = addMonths(last, RETENTION_MONTHS);
  const to = last >= thisMonth ? last : followed < thisMonth ? followed : thisMonth;
  return { from: addMonths(months[0]!, -1), to, coming: months.filter((month) => month > thisMonth) };
}

/**
 * The month sets the figures read: from the month before the range (churn divides by its active
 * subscribers) to its end, or on to the months its retention follows (up to this month); and
 * the last 12 months for the average per subscriber, read apart when the range does not hold them.
 */
async function setsFor(db: Db, months: MonthKey[], thisMonth: MonthKey, sources: FigureSources = FULL_READ): Promise<FigureSets> {
  const { from, to, coming } = setsSpanOf(months, thisMonth);
  const yearFrom = addMonths(thisMonth, -11);
  const [sets, yearSets] = await Promise.all([
    sources.sets(db, { from, to, coming }),
    yearFrom >= from && thisMonth <= to ? null : monthSets(db, yearFrom, thisMonth, []),
  ]);
  return { sets, yearSets: yearSets ?? sets };
}

/** Each part of the figures, as businessFigures reads them (the benchmark times them one by one). */
export const FIGURE_PARTS = { setsFor, subscribers, money, leaving, retention, deliveryDays, headline };

/**
 * The owner's figures for the range asked for (the default: the last 12 months and the next 3),
 * at this instant: from the parts kept in the database, brought up to date first (those of the
 * default range's month sets; kept-figure-parts.ts), or read whole from the tables ('full').
 */
export async function businessFigures(
  db: Db,
  query: BusinessFiguresQuery,
  now: Date,
  how: 'kept' | 'full' = 'kept',
): Promise<FigureNumbers> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const { from, to } = figuresRange(query, today);
  const months = monthsOfRange(from, to);
  let sources = FULL_READ;
  if (how === 'kept') {
    const usual = defaultFiguresRange(thisMonth);
    await keepUpToDate(db, setsSpanOf(monthsOfRange(usual.from, usual.to), thisMonth));
    sources = KEPT_READ;
  }
  // Every read at once: each part reads its own rows, then waits for the month sets it counts from.
  const setsRead = setsFor(db, months, thisMonth, sources);
  const moneyRead = money(db, months, thisMonth, setsRead, sources);
  const [{ sets }, leavingFigures, subscriberFigures, moneyFigures, days, headlineFigures] = await Promise.all([
    setsRead,
    leaving(db, months),
    subscribers(db, months, setsRead),
    moneyRead,
    deliveryDays(db, months, today, setsRead, sources.delivered),
    headline(db, thisMonth, setsRead, moneyRead),
  ]);
  return {
    from,
    to,
    headline: headlineFigures,
    subscribers: subscriberFigures,
    money: { months: moneyFigures.months, averagePerSubscriberYearCents: moneyFigures.averagePerSubscriberYearCents },
    leaving: leavingFigures,
    retention: retention(months, thisMonth, sets),
    deliveries: days,
  };
}
