import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS, openDatabase, type Database } from '../../src/db/database';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * PGlite always; the real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it).
 * TEST_DATABASE_KINDS=postgres narrows a run to the server: the calendar-dates step, which
 * repeats suites the full run has already passed on both.
 */
export const DATABASE_KINDS: DatabaseKind[] = databaseKinds(process.env);

export function databaseKinds(env: NodeJS.ProcessEnv): DatabaseKind[] {
  const available: DatabaseKind[] = env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const wanted = env.TEST_DATABASE_KINDS?.split(',').map((kind) => kind.trim());
  if (!wanted) return available;
  const kinds = available.filter((kind) => wanted.includes(kind));
  if (kinds.length === 0)
    throw new Error(`TEST_DATABASE_KINDS=${env.TEST_DATABASE_KINDS} names no database this run has (${available.join(', ')})`);
  return kinds;
}

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
  // A test database need not wait for the disk at each commit (about 3 ms on this machine's);
  // the server still never loses a commit it has made unless it crashes itself.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
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

/**
 * A PGlite data folder with every migration applied, made once per set of migrations and kept
 * as a file that test files (and jest workers) share: starting from it takes about half a
 * second, an empty PGlite about two and a half (its initdb), and the backend suite opens ~80.
 */
async function migratedPgliteCopy(): Promise<Blob> {
  // Keyed by the migrations and the PGlite build (its folder in the store names its version).
  const digest = createHash('sha256').update(fs.realpathSync(require.resolve('@electric-sql/pglite')));
  const files = fs.readdirSync(MIGRATIONS, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    digest.update(path.relative(MIGRATIONS, file)).update(fs.readFileSync(file));
  }
  const copy = path.join(os.tmpdir(), `blooms-test-migrated-${digest.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(copy)) {
    const fresh = await openDatabase({ url: null, dataDir: null });
    await fresh.migrate();
    const { data } = await fresh.snapshot!(async () => null);
    await fresh.close();
    // Written aside and renamed: a worker making it at the same time never reads half a file.
    const partial = `${copy}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await data.arrayBuffer()));
    fs.renameSync(partial, copy);
  }
  return new Blob([fs.readFileSync(copy)]);
}

export async function createMigratedDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = closedOnce(await openDatabase({ url: null, dataDir: null, startFrom: await migratedPgliteCopy() }));
    return { ...database, url: null, destroy: database.close };
  }
  const database = await createEmptyDatabase(kind);
  await database.migrate();
  return database;
}
