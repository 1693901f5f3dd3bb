import { sql, type SQL } from 'drizzle-orm';
import { HOLDING_STATUSES } from '@blooms/shared/contract/lifecycle';
import { monthsOfRange } from '@blooms/shared/contract/business-figures';
import type { MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { PAID_ENTRIES_SQL } from './ledger';
import { rowsOf, sqlArray } from './raw-rows';

// What every month of a span is for each subscription, read in one pass over the subscriptions
// (and one over their deliveries) as sets of months: a bigint per kind whose bit i is the
// span's month i. Subscriptions alike in every set are counted together, so the answer is a
// few thousand rows however many subscriptions there are, and each figure by month is a sum of
// bits. The rules are those of contract/lifecycle.ts monthState and deliversIn, and of
// contract/vases.ts for pickups (read-models/month-list/filters.ts has them by month, in SQL).

/** The longest span one read covers: a bigint's bits, less the sign. */
export const MAX_SPAN_MONTHS = 62;

/**
 * A read over every subscription and delivery: in a transaction of its own that gives its sorts
 * and hashes the memory to stay off disk, and does not compile the query first (its compile
 * would cost more than it saves on a read made once).
 */
function readLarge<T>(db: Db, read: (tx: Db) => Promise<T>, oneSnapshot = false): Promise<T> {
  return inTransaction(db, async (tx) => {
    if (oneSnapshot) await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

/** Subscriptions alike in every month set, and how many. */
export interface MonthSetGroup {
  /** Delivers (by plan, first delivery, end, a status that stops it, skips and pauses) or delivered. */
  active: bigint;
  /** A month of the plan that does not deliver for a pause (its own, or the provider's status), and was not delivered. */
  paused: bigint;
  /** A month of the plan that a payment holds (past due, awaiting authentication, disputed), and was not delivered. */
  held: bigint;
  /** A stop (a delivery, or a pickup-only stop), or a stop made. */
  stops: bigint;
  /** Delivers, in the months asked about as to come, with no payment in the ledger. */
  unpaid: bigint;
  yearly: boolean;
  gift: boolean;
  /**
   * The month of its first delivery made, ever, when that is in the span after its first month
   * (a cohort retention can follow); null otherwise (none made, or the first made earlier).
   */
  firstDelivered: MonthKey | null;
  count: number;
}

export interface MonthSets {
  months: MonthKey[];
  groups: MonthSetGroup[];
  /** Bit i of a set is months[i]. */
  has: (set: bigint, month: MonthKey) => boolean;
}

/** A month as a number of months since year 0, in SQL. */
const monthNumber = (month: SQL) => sql`(cast(substr(${month}, 1, 4) as integer) * 12 + cast(substr(${month}, 6, 2) as integer) - 1)`;
const numberOf = (month: MonthKey) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** A span of month sets: its months, and the months in it read as to come (unpaid is counted for those). */
export interface SetsSpan {
  from: MonthKey;
  to: MonthKey;
  coming: MonthKey[];
}

/**
 * A query of each subscription's month sets over the span (at most MAX_SPAN_MONTHS), one row a
 * subscription (subscription_id, active, paused, held, stops, unpaid as bigints, yearly, gift,
 * first_delivered): of every subscription, or of those in `ids` only.
 */
export function subscriptionSetsSql({ from, to, coming }: SetsSpan, ids: string[] | null = null): SQL {
  const months = monthsOfRange(from, to);
  if (months.length > MAX_SPAN_MONTHS) throw new Error(`month sets span at most ${MAX_SPAN_MONTHS} months, not ${months.length}`);
  const only = (column: SQL) => (ids === null ? sql`true` : sql`${column} = any(${sqlArray(ids, 'uuid')})`);
  const base = numberOf(from);
  const n = months.length;
  const all = sql.raw(`${(1n << BigInt(n)) - 1n}::bigint`);
  /** Bit of a month in the span (its index). */
  const bit = (month: SQL) => sql`(${monthNumber(month)} - ${base})`;
  /** The span's months from index k on (all when k <= 0, none when k >= n). */
  const fromBit = (k: SQL) => sql`(${all} & ~((1::bigint << greatest(0, least(${n}, ${k}))) - 1))`;
  /** The span's months up to index k. */
  const upToBit = (k: SQL) => sql`((1::bigint << greatest(0, least(${n}, ${k} + 1))) - 1)`;
  /** The set of one month, 0 when it is outside the span. */
  const onlyMonth = (month: SQL) => sql`(case when ${month} between ${from} and ${to} then 1::bigint << ${bit(month)} else 0 end)`;
  // The plan's month numbers as 12 bits, turned so bit 0 is the span's first month, repeated along the span.
  const turn = numberOf(from) % 12;
  // One test per month of the year rather than a subquery over the array: a subquery runs once per subscription.
  const plan12 = sql`(${sql.join(
    Array.from({ length: 12 }, (_, i) => sql.raw(`(case when ${i + 1} = any(s.months) then ${2 ** i} else 0 end)`)),
    sql` | `,
  )})::bigint`;
  const turned = sql`(((plan12 >> ${turn}) | (plan12 << ${12 - turn})) & 4095)`;
  // PostgreSQL gives & | << >> one precedence, left to right: every shift is in brackets.
  const planMonths = sql`((turned | (turned << 12) | (turned << 24) | (turned << 36) | (turned << 48) | (turned << 60)) & ${all})`;
  const inPlan = sql`(${planMonths}
    & (case when first_delivery is null then ${all} else ${fromBit(bit(sql`left(first_delivery, 7)`))} end)
    & (case when ends_after is null then ${all} else ${upToBit(bit(sql`ends_after`))} end))`;
  const stopped = sql`(case when status in ('past-due', 'needs-authentication', 'disputed', 'paused') or (status = 'cancelled' and ends_after is null)
    then ${fromBit(bit(sql`status_from`))} else 0 end)`;
  // Most subscriptions skip nothing: their skips are not read with a subquery.
  const skipped = sql`(case when cardinality(s.skipped_months) = 0 then 0
    else coalesce((select bit_or(${onlyMonth(sql`x`)}) from unnest(s.skipped_months) as x), 0) end)`;
  const inPause = sql`(case when paused_from is not null and paused_until is not null
    then ${fromBit(bit(sql`paused_from`))} & ${upToBit(bit(sql`paused_until`))} else 0 end)`;
  const vaseToCollect = sql`(case when vases_out > 0 then case
      when ends_after is not null then ${fromBit(sql`${bit(sql`ends_after`)} + 1`)}
      when status = 'cancelled' then ${fromBit(bit(sql`status_from`))} else 0 end else 0 end)`;
  const holding = sql.join(
    HOLDING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const comingSet = sql.raw(
    `${coming.filter((month) => month >= from && month <= to).reduce((set, month) => set | (1n << BigInt(numberOf(month) - base)), 0n)}::bigint`,
  );
  const inSpan = (column: SQL) => sql`${column} between ${from} and ${to}`;
  // Only the span's deliveries are read together; the ones before it only to know, for a subscription
  // first delivered after the span's first month, whether it had been delivered before (by its key).
  return sql`with made as (
        select subscription_id,
          min(month) filter (where kind = 'delivery' and status = 'delivered') as first_in_span,
          coalesce(bit_or(1::bigint << ${bit(sql`month`)}) filter (where kind = 'delivery' and status = 'delivered'), 0) as delivered,
          coalesce(bit_or(1::bigint << ${bit(sql`month`)}) filter (where status = 'delivered' or kind = 'pickup'), 0) as stops
        from deliveries where ${inSpan(sql`month`)} and ${only(sql`subscription_id`)} group by subscription_id
      ),
      paid as (
        select subscription_id, bit_or(1::bigint << ${bit(sql`month`)}) as months from (
          select ledger_entries.subscription_id, ledger_entries.month from ledger_entries
          where ledger_entries.month in (${
            coming.length === 0
              ? sql`null`
              : sql.join(
                  coming.map((month) => sql`${month}`),
                  sql`, `,
                )
          }) and ${inSpan(sql`ledger_entries.month`)} and ${only(sql`ledger_entries.subscription_id`)}
          group by ledger_entries.subscription_id, ledger_entries.month having ${PAID_ENTRIES_SQL}
        ) as paid_months group by subscription_id
      ),
      base as (
        select s.id as subscription_id, s.plan = 'yearly' as yearly, s.buyer_email <> '' as gift,
          case when made.first_in_span > ${from} and not exists (select 1 from deliveries earlier
            where earlier.subscription_id = s.id and earlier.month < ${from} and earlier.kind = 'delivery' and earlier.status = 'delivered')
            then made.first_in_span end as first_delivered,
          s.status in (${holding}) as holding, s.status = 'paused' as paused_status,
          coalesce(made.delivered, 0) as delivered, coalesce(made.stops, 0) as made_stops, coalesce(paid.months, 0) as paid,
          s.status, s.status_from, s.first_delivery, s.ends_after, s.paused_from, s.paused_until, s.vases_out,
          ${plan12} as plan12, ${skipped} as skipped
        from subscriptions s
          left join made on made.subscription_id = s.id
          left join paid on paid.subscription_id = s.id
        where ${only(sql`s.id`)}
        offset 0
      ),
      turned as (
        select *, ${turned} as turned from base offset 0
      ),
      sets as (
        select subscription_id, yearly, gift, first_delivered, holding, paused_status, delivered, made_stops, paid, skipped,
          ${inPlan} as in_plan, ${stopped} as stopped, ${inPause} as in_pause, ${vaseToCollect} as vase
        from turned offset 0
      ),
      delivering as (
        select *, in_plan & ~stopped & ~skipped & ~in_pause as delivers from sets offset 0
      )
      select subscription_id, (delivers | delivered) as active,
          (in_plan & ~delivers & ~delivered & ((case when paused_status then stopped else 0 end) | (~stopped & ~skipped & in_pause))) as paused,
          (in_plan & ~delivers & ~delivered & (case when holding then stopped else 0 end)) as held,
          (delivers | vase | made_stops) as stops,
          (delivers & ${comingSet} & ~paid) as unpaid,
          yearly, gift, first_delivered
        from delivering`;
}

/**
 * Subscriptions alike in every set, counted, from a query of one row a subscription
 * (subscriptionSetsSql, or the kept sets); null when `onlyIf`, asked first in the same
 * snapshot, says no (the kept sets are over another span).
 */
export async function groupedSets(
  db: Db,
  months: MonthKey[],
  perSubscription: SQL,
  onlyIf?: (tx: Db) => Promise<boolean>,
): Promise<MonthSets | null> {
  const rows = await readLarge(
    db,
    async (tx) => {
      if (onlyIf && !(await onlyIf(tx))) return null;
      return rowsOf<{
        active: string;
        paused: string;
        held: string;
        stops: string;
        unpaid: string;
        yearly: boolean;
        gift: boolean;
        first_delivered: string | null;
        count: number;
      }>(
        tx,
        // Grouped on the bigints; only the groups' sets are turned into text (pg returns a bigint as text).
        sql`select active::text, paused::text, held::text, stops::text, unpaid::text, yearly, gift, first_delivered, count from (
        select active, paused, held, stops, unpaid, yearly, gift, first_delivered, count(*)::int as count
        from (${perSubscription}) as one group by 1, 2, 3, 4, 5, 6, 7, 8
      ) as alike`,
      );
    },
    onlyIf !== undefined,
  );
  if (rows === null) return null;
  const indexOf = new Map(months.map((month, i) => [month, BigInt(i)]));
  return {
    months,
    groups: rows.map((row) => ({
      active: BigInt(row.active),
      paused: BigInt(row.paused),
      held: BigInt(row.held),
      stops: BigInt(row.stops),
      unpaid: BigInt(row.unpaid),
      yearly: row.yearly,
      gift: row.gift,
      firstDelivered: row.first_delivered,
      count: Number(row.count),
    })),
    has: (set, month) => {
      const i = indexOf.get(month);
      return i !== undefined && ((set >> i) & 1n) === 1n;
    },
  };
}

/**
 * The month sets of every subscription over from..to (at most MAX_SPAN_MONTHS), with unpaid
 * counted for the months in `coming` (within the span), read from the subscriptions.
 */
export async function monthSets(db: Db, from: MonthKey, to: MonthKey, coming: MonthKey[]): Promise<MonthSets> {
  return (await groupedSets(db, monthsOfRange(from, to), subscriptionSetsSql({ from, to, coming })))!;
}

/** The month sets of the range (and of the last 12 months, for the headline and the average per subscriber). */
export interface FigureSets {
  sets: MonthSets;
  yearSets: MonthSets;
}
/** The month sets, read or being read: a part reads its own rows first, then waits for them. */
export type SetsRead = FigureSets | Promise<FigureSets>;

/** How many subscriptions have the month in the set picked (of those `only` keeps). */
export function countIn(
  sets: MonthSets,
  month: MonthKey,
  pick: (group: MonthSetGroup) => bigint,
  only = (_: MonthSetGroup) => true,
): number {
  return sets.groups.reduce((n, group) => (only(group) && sets.has(pick(group), month) ? n + group.count : n), 0);
}
