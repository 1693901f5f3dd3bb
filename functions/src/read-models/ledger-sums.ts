import { sql, type SQL } from 'drizzle-orm';
import { STUDIO_TIME_ZONE, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { rowsOf } from './raw-rows';

/** The first instant of a month in studio time. */
export const monthStart = (month: MonthKey) => studioMidnight(`${month}-01`);

/** An instant's month in studio time, in SQL. */
export const studioMonth = (column: SQL) => sql`to_char(${column} at time zone ${STUDIO_TIME_ZONE}, 'YYYY-MM')`;

/** Money of the ledger by kind, the month it moved in (null: outside the months asked about) and the month it is for. */
export interface LedgerSum {
  kind: string;
  moved: MonthKey | null;
  month: MonthKey;
  cents: number;
}

/**
 * What the owner's money figures read of the ledger: its sums for the entries moved in one of
 * `cashMonths` (consecutive) or for a month of forFrom..forTo. From the ledger (ledgerSums), or as kept (kept-figure-parts.ts).
 */
export type LedgerRead = (db: Db, cashMonths: MonthKey[], forFrom: MonthKey, forTo: MonthKey) => Promise<LedgerSum[]>;

/** The ledger's sums, read from its entries. */
export const ledgerSums: LedgerRead = async (db, cashMonths, forFrom, forTo) => {
  const cashFrom = cashMonths[0]!;
  const cashTo = cashMonths.at(-1)!;
  // The month moved in is found among cashFrom..cashTo's starts (0 before them, past the last after them): no time zone per entry.
  const starts = sql.join(
    [...cashMonths, addMonths(cashTo, 1)].map((month) => sql`${monthStart(month)}::timestamptz`),
    sql`, `,
  );
  const sums = await rowsOf<{ kind: string; moved: number; month: string; cents: number }>(
    db,
    sql`select kind, width_bucket(at, array[${starts}]) as moved, month, sum(amount_cents)::int as cents
      from ledger_entries
      where (at >= ${monthStart(cashFrom)} and at < ${monthStart(addMonths(cashTo, 1))}) or month between ${forFrom} and ${forTo}
      group by 1, 2, 3`,
  );
  return sums.map((sum) => ({ ...sum, cents: Number(sum.cents), moved: cashMonths[Number(sum.moved) - 1] ?? null }));
};

/** Each ledger entry's month moved in (studio time), in SQL: the kept sums' (kept-figure-parts.ts). */
export const movedMonthSql = studioMonth(sql`at`);
