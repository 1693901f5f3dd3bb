import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';

/** The rows of a raw read, on either database. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Values as one PostgreSQL array (for `= any(...)`): drizzle's sql spreads a JS array into a list of values. */
export function sqlArray(values: string[], type: 'text' | 'uuid'): SQL {
  const literal = `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
