import { sql } from 'drizzle-orm';
import type { MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { deliveredOnDays, deliveredRow, type DeliveredRead } from './delivery-day-figures';
import { ledgerSums, movedMonthSql, type LedgerRead } from './ledger-sums';
import { groupedSets, monthSets, subscriptionSetsSql, type MonthSets, type SetsSpan } from './month-sets';
import { rowsOf, sqlArray } from './raw-rows';
import { monthsOfRange } from '@blooms/shared/contract/business-figures';

// The owner's figures kept in the database by the part a write can touch (migration 0034): each
// subscription's month sets over one span, the ledger's sums by month, each month's delivered
// stops. Writes record what they touched in figures_changes; keepUpToDate takes those rows and
// reads again only the subscriptions and months they name, so the kept parts are what a full
// read would give (test/kept-figure-parts.test.ts compares them after writes of every kind).

/** How the figures read their parts: as read from the tables every time, or as kept. */
export interface FigureSources {
  /** The month sets of a span. */
  sets: (db: Db, span: SetsSpan) => Promise<MonthSets>;
  ledger: LedgerRead;
  delivered: DeliveredRead;
}

/** Every part read from the tables: what the kept parts must equal. */
export const FULL_READ: FigureSources = {
  sets: (db, { from, to, coming }) => monthSets(db, from, to, coming),
  ledger: ledgerSums,
  delivered: deliveredOnDays,
};

/** More subscriptions changed than this and the kept month sets are read again whole (a bulk load, a billing run). */
export const REBUILD_SUBSCRIPTIONS = 5_000;

/** One bringing up to date at a time, across the processes sharing the database (pg_advisory_xact_lock's key). */
const KEPT_LOCK = 3_400_034;

/**
 * What the kept rows were read by: raise it whenever a kept part's query changes (month-sets.ts
 * subscriptionSetsSql, ledger-sums.ts movedMonthSql, delivery-day-figures.ts deliveredOnDays),
 * and the first read after the deploy reads every part again.
 */
export const KEPT_FORMAT = '1';

const spanKey = (span: SetsSpan) => JSON.stringify(span);

/** Work on the kept parts, one at a time. */
function underLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEPT_LOCK})`);
    return work(tx);
  });
}

/** Reads the kept month sets of a span again, whole. */
async function rebuildSets(tx: Db, span: SetsSpan) {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`delete from figures_kept_sets`);
  await tx.execute(sql`insert into figures_kept_sets ${subscriptionSetsSql(span)}`);
  await tx.execute(sql`insert into figures_kept_state (part, span) values ('sets', ${spanKey(span)})
    on conflict (part) do update set span = excluded.span`);
}

/** Reads the ledger's sums again for the months they are for named, or whole (null); a sum is of one month an entry is for. */
async function readLedgerAgain(tx: Db, months: MonthKey[] | null) {
  if (months?.length === 0) return;
  const only = months === null ? sql`true` : sql`month = any(${sqlArray(months, 'text')})`;
  await tx.execute(sql`delete from figures_ledger_months where ${only}`);
  await tx.execute(sql`insert into figures_ledger_months (kind, moved, month, cents)
    select kind, ${movedMonthSql}, month, sum(amount_cents) from ledger_entries where ${only} group by 1, 2, 3`);
  if (months === null)
    await tx.execute(sql`insert into figures_kept_state (part, span) values ('ledger', 'all') on conflict (part) do nothing`);
}

/**
 * Brings the kept parts up to date with every write committed so far: takes what the writes
 * touched and reads those again; the month sets are kept over `span` (read whole when they were
 * kept over another, as when the month turns). A delivery month touched is dropped, and read
 * again when asked for (keptDelivered).
 */
export async function keepUpToDate(db: Db, span: SetsSpan): Promise<void> {
  await underLock(db, async (tx) => {
    // Each key once, however many writes named it since (at most the subscriptions and a few months).
    const changes = await rowsOf<{ part: string; key: string }>(
      tx,
      sql`with taken as (delete from figures_changes returning part, key) select distinct part, key from taken`,
    );
    const touched = (part: string) => changes.filter((change) => change.part === part).map((change) => change.key);
    let state = await rowsOf<{ part: string; span: string }>(tx, sql`select part, span from figures_kept_state`);
    const format = state.find((row) => row.part === 'format')?.span;
    if (format !== KEPT_FORMAT || changes.some((change) => change.part === 'all')) {
      // Nothing kept is trusted: the parts are read whole below, the delivery months when asked for.
      await tx.execute(sql`delete from figures_kept_state`);
      await tx.execute(sql`delete from figures_delivery_months`);
      await tx.execute(sql`insert into figures_kept_state (part, span) values ('format', ${KEPT_FORMAT})`);
      state = [];
    }
    const keptSpan = state.find((row) => row.part === 'sets')?.span;
    const subscriptions = touched('subscription');
    if (keptSpan !== spanKey(span) || subscriptions.length > REBUILD_SUBSCRIPTIONS) await rebuildSets(tx, span);
    else if (subscriptions.length > 0) {
      await tx.execute(sql`delete from figures_kept_sets where subscription_id = any(${sqlArray(subscriptions, 'uuid')})`);
      await tx.execute(sql`insert into figures_kept_sets ${subscriptionSetsSql(span, subscriptions)}`);
    }
    await readLedgerAgain(tx, state.some((row) => row.part === 'ledger') ? touched('ledger') : null);
    const days = touched('day');
    if (days.length > 0) await tx.execute(sql`delete from figures_delivery_months where month = any(${sqlArray(days, 'text')})`);
  });
}

/** The month sets of a span: as kept when kept over it (checked in the snapshot they are read in), else read from the tables. */
async function keptSets(db: Db, span: SetsSpan): Promise<MonthSets> {
  const keptOverSpan = async (tx: Db) => {
    const [state] = await rowsOf<{ span: string }>(tx, sql`select span from figures_kept_state where part = 'sets'`);
    return state?.span === spanKey(span);
  };
  const kept = await groupedSets(
    db,
    monthsOfRange(span.from, span.to),
    sql`select active, paused, held, stops, unpaid, yearly, gift, first_delivered from figures_kept_sets`,
    keptOverSpan,
  );
  return kept ?? FULL_READ.sets(db, span);
}

/** The ledger's sums as kept: by the month moved in (null outside cashMonths) and the month they are for. */
const keptLedger: LedgerRead = async (db, cashMonths, forFrom, forTo) => {
  const cashFrom = cashMonths[0]!;
  const cashTo = cashMonths.at(-1)!;
  const rows = await rowsOf<{ kind: string; moved: string; month: string; cents: string }>(
    db,
    sql`select kind, moved, month, cents from figures_ledger_months
      where moved between ${cashFrom} and ${cashTo} or month between ${forFrom} and ${forTo}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    moved: row.moved >= cashFrom && row.moved <= cashTo ? row.moved : null,
    month: row.month,
    cents: Number(row.cents),
  }));
};

/** Each month's delivered stops as kept; a month not kept (or kept for another delivery day) is read and kept. */
const keptDelivered: DeliveredRead = async (db, days) => {
  const read = (tx: Db) =>
    rowsOf<{ month: string; date: string; on_day: number; later: number; photo: number }>(
      tx,
      sql`select month, date, on_day, later, photo from figures_delivery_months where month = any(${sqlArray(
        days.map((day) => day.month),
        'text',
      )})`,
    );
  const missing = (rows: { month: string; date: string }[]) => {
    const kept = new Map(rows.map((row) => [row.month, row.date]));
    return days.filter((day) => kept.get(day.month) !== day.date);
  };
  let rows = await read(db);
  if (missing(rows).length > 0) {
    rows = await underLock(db, async (tx) => {
      const now = await read(tx);
      const toRead = missing(now);
      const fresh = await deliveredOnDays(tx, toRead);
      for (const { month, date } of toRead) {
        const counts = fresh.get(month) ?? { onDay: 0, later: 0, photo: 0 };
        await tx.execute(sql`insert into figures_delivery_months (month, date, on_day, later, photo)
          values (${month}, ${date}, ${counts.onDay}, ${counts.later}, ${counts.photo})
          on conflict (month) do update set date = excluded.date, on_day = excluded.on_day, later = excluded.later, photo = excluded.photo`);
      }
      return read(tx);
    });
  }
  return new Map(rows.map((row) => [row.month, deliveredRow(row)]));
};

/** Every part as kept (call keepUpToDate first). */
export const KEPT_READ: FigureSources = { sets: keptSets, ledger: keptLedger, delivered: keptDelivered };
