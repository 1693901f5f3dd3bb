import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/database';

/** The rows of a raw read, on either database. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
