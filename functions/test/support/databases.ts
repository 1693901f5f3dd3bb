import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/db/database';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let counter = 0;

export interface TestDatabase extends Database {
  /** The PostgreSQL URL, for other processes to share it; null for PGlite. */
  url: string | null;
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy: () => Promise<void>;
}

/** Closing twice closes once: a test that closes its database on purpose (a database gone) still has it destroyed after. */
function closedOnce(database: Database): Database {
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (!closed) await database.close();
      closed = true;
    },
  };
}

/** An empty database of the given kind, not yet migrated. */
export async function createEmptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = closedOnce(await openDatabase({ url: null, dataDir: null }));
    return { ...database, url: null, destroy: database.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `blooms_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = closedOnce(await openDatabase({ url: url.toString(), dataDir: null }));
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createMigratedDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const database = await createEmptyDatabase(kind);
  await database.migrate();
  return database;
}
