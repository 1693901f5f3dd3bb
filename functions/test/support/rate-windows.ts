import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';

/**
 * Rate limits count in fixed windows cut by the database's clock (src/http/rate-limit.ts). A
 * burst that crosses a window's end would be split between two windows, and a refusal near it
 * would say to retry in a few seconds: when the clock is within `marginS` of a window's end,
 * this waits for the next window to begin.
 */
export async function wellInsideRateWindow(db: Db, windowS: number, marginS: number): Promise<void> {
  const result = (await db.execute(sql`select extract(epoch from now())::float as epoch`)) as unknown as { rows: { epoch: number }[] };
  const intoWindow = Number(result.rows[0]!.epoch) % windowS;
  if (intoWindow > windowS - marginS) await new Promise((resolve) => setTimeout(resolve, (windowS - intoWindow + 0.2) * 1000));
}
