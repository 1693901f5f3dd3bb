import { sql, type SQL } from 'drizzle-orm';
import { CANCEL_REASONS, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import {
  defaultFiguresRange,
  monthsOfRange,
  RETENTION_MONTHS,
  type BusinessFigures,
  type BusinessFiguresQuery,
  type DeliveryDayFigures,
  type MoneyMonth,
  type RetentionCohort,
  type SubscribersMonth,
} from '@blooms/shared/contract/business-figures';
import { STUDIO_TIME_ZONE, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveryDatesBetween } from '../services/delivery-dates';
import { PAID_ENTRIES_SQL } from '../services/payment-ledger';
import { deliversInSql, stopInSql } from './month-list/filters';

// The owner's figures (contract/business-figures.ts), each one grouped read over the
// subscriptions and their history: nothing here is stored, so nothing can disagree.

/** The rows of a raw read, on either database. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The months as a table m(month). */
const monthTable = (months: readonly MonthKey[]) =>
  sql`(values ${sql.join(
    months.map((month) => sql`(${month})`),
    sql`, `,
  )}) as m(month)`;

const M = sql.raw('m.month');

/** The month's delivery made, joined as dd to a row of subscriptions and a month (null when none was made). */
const deliveredJoin = (month: SQL) =>
  sql`left join deliveries dd on dd.subscription_id = subscriptions.id and dd.month = ${month} and dd.kind = 'delivery' and dd.status = 'delivered'`;

/** Active in the month: delivers in it (by the rule of "Deliver This Month"), or delivered in it (needs deliveredJoin). */
const activeIn = (month: SQL) => sql`(${deliversInSql(month)} or dd.subscription_id is not null)`;

/**
 * What the month is for a subscription, as columns: active, and why a month of its plan does
 * not deliver (contract/lifecycle.ts monthState: a status that stops it, a skip, a pause).
 * Needs deliveredJoin.
 */
const monthColumns = (month: SQL) => sql`${activeIn(month)} as active,
  (cast(substr(${month}, 6, 2) as integer) = any(subscriptions.months)
    and (subscriptions.first_delivery is null or left(subscriptions.first_delivery, 7) <= ${month})
    and (subscriptions.ends_after is null or subscriptions.ends_after >= ${month})) as plan_month,
  ((subscriptions.status in ('past-due', 'needs-authentication', 'disputed', 'paused')
    or (subscriptions.status = 'cancelled' and subscriptions.ends_after is null)) and subscriptions.status_from <= ${month}) as stopped,
  coalesce(${month} = any(subscriptions.skipped_months), false) as skipped,
  coalesce(${month} between subscriptions.paused_from and subscriptions.paused_until, false) as in_pause`;
const PAUSED = sql`(plan_month and not active and ((stopped and status = 'paused') or (not stopped and not skipped and in_pause)))`;
const HELD = sql`(plan_month and not active and stopped and status in ('past-due', 'needs-authentication', 'disputed'))`;

/** An instant's month in studio time. */
const studioMonth = (column: SQL) => sql`to_char(${column} at time zone ${STUDIO_TIME_ZONE}, 'YYYY-MM')`;

/** Events that cancelled a subscription: the subscriber's cancel, or the provider's ending it. */
const CANCELLATION = sql`(subscription_events.kind = 'cancel' or (subscription_events.kind = 'status'
  and subscription_events.detail->'to'->>'status' = 'cancelled' and coalesce(subscription_events.detail->'from'->>'status', '') <> 'cancelled'))`;

interface Counted {
  month: string;
  n: number;
}

export async function subscribers(db: Db, months: MonthKey[]): Promise<SubscribersMonth[]> {
  const withBefore = [addMonths(months[0]!, -1), ...months];
  const [states, made, cancelled] = await Promise.all([
    rowsOf<{ month: string; active: number; yearly: number; gifts: number; paused: number; held: number }>(
      db,
      sql`select month,
        count(*) filter (where active)::int as active,
        count(*) filter (where active and plan = 'yearly')::int as yearly,
        count(*) filter (where active and buyer_email <> '')::int as gifts,
        count(*) filter (where ${PAUSED})::int as paused,
        count(*) filter (where ${HELD})::int as held
      from (
        select m.month, subscriptions.plan, subscriptions.buyer_email, subscriptions.status, ${monthColumns(M)}
        from ${monthTable(withBefore)} cross join subscriptions ${deliveredJoin(M)}
      ) as states
      group by month`,
    ),
    rowsOf<Counted>(
      db,
      sql`select ${studioMonth(sql`created_at`)} as month, count(*)::int as n from subscriptions
        where ${studioMonth(sql`created_at`)} between ${months[0]} and ${months.at(-1)} group by 1`,
    ),
    rowsOf<Counted>(
      db,
      sql`select ${studioMonth(sql`subscription_events.at`)} as month, count(distinct subscription_events.subscription_id)::int as n
        from subscription_events
        where ${CANCELLATION} and ${studioMonth(sql`subscription_events.at`)} between ${months[0]} and ${months.at(-1)} group by 1`,
    ),
  ]);
  const byMonth = new Map(states.map((row) => [row.month, row]));
  const madeIn = new Map(made.map((row) => [row.month, Number(row.n)]));
  const cancelledIn = new Map(cancelled.map((row) => [row.month, Number(row.n)]));
  return months.map((month) => {
    const state = byMonth.get(month);
    const active = Number(state?.active ?? 0);
    const yearly = Number(state?.yearly ?? 0);
    const before = Number(byMonth.get(addMonths(month, -1))?.active ?? 0);
    const newCount = madeIn.get(month) ?? 0;
    const cancelledCount = cancelledIn.get(month) ?? 0;
    return {
      month,
      active,
      yearly,
      custom: active - yearly,
      gifts: Number(state?.gifts ?? 0),
      paused: Number(state?.paused ?? 0),
      held: Number(state?.held ?? 0),
      new: newCount,
      cancelled: cancelledCount,
      churnRate: before > 0 ? cancelledCount / before : null,
      netGrowth: newCount - cancelledCount,
    };
  });
}

export async function leaving(db: Db, months: MonthKey[]): Promise<BusinessFigures['leaving']> {
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

/** The first instant of a month in studio time. */
const monthStart = (month: MonthKey) => studioMidnight(`${month}-01`);

/**
 * Money by month (contract/business-figures.ts moneyMonthSchema): what moved, from the ledger's
 * charges and refunds by when they were made; for months to come, the deliveries not paid yet;
 * for months that have come, what their deliveries are worth (the active count of subscribers)
 * against what the ledger holds for them. And the net charged per subscriber over the last 12 months.
 */
export async function money(
  db: Db,
  months: MonthKey[],
  thisMonth: MonthKey,
  activeCount: (month: MonthKey) => number,
): Promise<BusinessFigures['money']> {
  const yearMonths = monthsOfRange(addMonths(thisMonth, -11), thisMonth);
  const cashFrom = months[0]! < yearMonths[0]! ? months[0]! : yearMonths[0]!;
  const cashTo = months.at(-1)! > thisMonth ? months.at(-1)! : thisMonth;
  const coming = months.filter((month) => month > thisMonth);
  const [cash, held, owed, [year]] = await Promise.all([
    rowsOf<{ month: string; charged: number; refunded: number }>(
      db,
      sql`select ${studioMonth(sql`at`)} as month,
          coalesce(sum(amount_cents) filter (where kind = 'charge'), 0)::int as charged,
          coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0)::int as refunded
        from ledger_entries
        where kind in ('charge', 'refund') and at >= ${monthStart(cashFrom)} and at < ${monthStart(addMonths(cashTo, 1))}
        group by 1`,
    ),
    rowsOf<Counted>(
      db,
      sql`select month, sum(amount_cents)::int as n from ledger_entries
        where month between ${months[0]} and ${thisMonth} group by month`,
    ),
    coming.length === 0
      ? Promise.resolve([])
      : rowsOf<Counted>(
          db,
          sql`select m.month, count(*)::int as n
            from ${monthTable(coming)} cross join subscriptions
              left join (
                select ledger_entries.subscription_id, ledger_entries.month from ledger_entries
                where ledger_entries.month between ${coming[0]} and ${coming.at(-1)}
                group by ledger_entries.subscription_id, ledger_entries.month having ${PAID_ENTRIES_SQL}
              ) as paid on paid.subscription_id = subscriptions.id and paid.month = m.month
            where ${deliversInSql(M)} and paid.subscription_id is null
            group by m.month`,
        ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(distinct subscriptions.id)::int as n
        from ${monthTable(yearMonths)} cross join subscriptions ${deliveredJoin(M)}
        where ${activeIn(M)}`,
    ),
  ]);
  const moved = new Map(cash.map((row) => [row.month, { charged: Number(row.charged), refunded: Number(row.refunded) }]));
  const heldFor = new Map(held.map((row) => [row.month, Number(row.n)]));
  const owedFor = new Map(owed.map((row) => [row.month, Number(row.n)]));
  const netIn = (month: MonthKey) => (moved.get(month)?.charged ?? 0) - (moved.get(month)?.refunded ?? 0);
  const rows = months.map((month): MoneyMonth => {
    const come = month <= thisMonth;
    const expectedCents = (come ? activeCount(month) : (owedFor.get(month) ?? 0)) * PRICE_PER_MONTH_CENTS;
    return {
      month,
      chargedCents: moved.get(month)?.charged ?? 0,
      refundedCents: moved.get(month)?.refunded ?? 0,
      netCents: netIn(month),
      expectedCents,
      differenceCents: come ? (heldFor.get(month) ?? 0) - expectedCents : null,
    };
  });
  const subscribersInYear = Number(year?.n ?? 0);
  const yearNet = yearMonths.reduce((sum, month) => sum + netIn(month), 0);
  return { months: rows, averagePerSubscriberYearCents: subscribersInYear > 0 ? Math.round(yearNet / subscribersInYear) : null };
}

/** Cohorts by month of first delivery, in the range and up to this month, each followed 1-12 months on (months to come: null). */
export async function retention(db: Db, months: MonthKey[], thisMonth: MonthKey): Promise<RetentionCohort[]> {
  const cohortMonths = months.filter((month) => month <= thisMonth);
  if (cohortMonths.length === 0) return [];
  const later = sql.raw(`to_char(to_date(first.month || '-01', 'YYYY-MM-DD') + k.n * interval '1 month', 'YYYY-MM')`);
  const rows = await rowsOf<{ month: string; n: number; size: number; active: number }>(
    db,
    sql`with first as (
        select subscription_id, min(month) as month from deliveries
        where kind = 'delivery' and status = 'delivered' group by subscription_id
      )
      select first.month, k.n, count(*)::int as size, count(*) filter (where ${activeIn(later)})::int as active
      from first join subscriptions on subscriptions.id = first.subscription_id
        cross join (values ${sql.join(
          Array.from({ length: RETENTION_MONTHS + 1 }, (_, n) => sql.raw(`(${n})`)),
          sql`, `,
        )}) as k(n)
        ${deliveredJoin(later)}
      where first.month between ${cohortMonths[0]} and ${cohortMonths.at(-1)}
      group by first.month, k.n`,
  );
  const cell = new Map(rows.map((row) => [`${row.month}/${row.n}`, row]));
  return cohortMonths.flatMap((month) => {
    const size = Number(cell.get(`${month}/0`)?.size ?? 0);
    if (size === 0) return [];
    const shares = Array.from({ length: RETENTION_MONTHS }, (_, i) =>
      addMonths(month, i + 1) > thisMonth ? null : Number(cell.get(`${month}/${i + 1}`)?.active ?? 0) / size,
    );
    return [{ month, size, shares }];
  });
}

/** Each month's stops on its delivery day, and how they went. */
export async function deliveryDays(db: Db, months: MonthKey[], today: string): Promise<DeliveryDayFigures[]> {
  const days = await deliveryDatesBetween(db, months[0]!, months.at(-1)!);
  const dayTable = sql`(values ${sql.join(
    days.map((day) => sql`(${day.month}, ${day.date})`),
    sql`, `,
  )}) as m(month, date)`;
  // When a stop was delivered: its last change to delivered, in studio time (the row's own time if none was kept).
  const deliveredOn = sql`to_char(coalesce(made.at, deliveries.updated_at) at time zone ${STUDIO_TIME_ZONE}, 'YYYY-MM-DD')`;
  const delivered = sql`coalesce(deliveries.status = 'delivered', false)`;
  const rows = await rowsOf<{ month: string; planned: number; on_day: number; later: number; photo: number }>(
    db,
    sql`select m.month, count(*)::int as planned,
        count(*) filter (where ${delivered} and ${deliveredOn} <= m.date)::int as on_day,
        count(*) filter (where ${delivered} and ${deliveredOn} > m.date)::int as later,
        count(*) filter (where ${delivered} and deliveries.proof_image_key is not null)::int as photo
      from ${dayTable} cross join subscriptions
        left join deliveries on deliveries.subscription_id = subscriptions.id and deliveries.month = m.month
        left join (
          select subscription_id, month, max(at) as at from delivery_events
          where month between ${months[0]} and ${months.at(-1)} and (kind = 'proof' or (kind = 'status' and detail->>'to' = 'delivered'))
          group by subscription_id, month
        ) as made on made.subscription_id = deliveries.subscription_id and made.month = deliveries.month
      where ${stopInSql(M)} or ${delivered}
      group by m.month`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return days.map(({ month, date }) => {
    const row = byMonth.get(month);
    const planned = Number(row?.planned ?? 0);
    const onDay = Number(row?.on_day ?? 0);
    const later = Number(row?.later ?? 0);
    return {
      month,
      date,
      planned,
      deliveredOnTheDay: onDay,
      deliveredLater: later,
      notDelivered: date < today ? planned - onDay - later : 0,
      leftAtDoorWithPhoto: Number(row?.photo ?? 0),
    };
  });
}

/** The owner's figures for the range asked for (the default: the last 12 months and the next 3), at this instant. */
export async function businessFigures(db: Db, query: BusinessFiguresQuery, now: Date): Promise<BusinessFigures> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const { from, to } = query.from && query.to ? { from: query.from, to: query.to } : defaultFiguresRange(thisMonth);
  const months = monthsOfRange(from, to);
  const [subscriberFigures, leavingFigures, cohorts, days] = await Promise.all([
    subscribers(db, months),
    leaving(db, months),
    retention(db, months, thisMonth),
    deliveryDays(db, months, today),
  ]);
  const active = new Map(subscriberFigures.map((row) => [row.month, row.active]));
  const moneyFigures = await money(db, months, thisMonth, (month) => active.get(month) ?? 0);
  return { from, to, subscribers: subscriberFigures, money: moneyFigures, leaving: leavingFigures, retention: cohorts, deliveries: days };
}
