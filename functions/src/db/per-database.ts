import type { Db } from './database';

/**
 * One value per database, made on its first use and kept as long as the database is (prepared
 * statements, what is kept in memory for it). The arguments after the database are used only
 * by that first call.
 */
export function perDatabase<T, A extends unknown[]>(make: (db: Db, ...args: A) => T): (db: Db, ...args: A) => T {
  const made = new WeakMap<Db, T>();
  return (db, ...args) => {
    if (!made.has(db)) made.set(db, make(db, ...args));
    return made.get(db)!;
  };
}
