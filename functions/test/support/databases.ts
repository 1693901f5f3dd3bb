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
/** The lock a worker making the run's template holds ("bltmpl" in ASCII). */
const TEMPLATE_LOCK = 0x626c746d706c;

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
  return createPostgresDatabase(null);
}

/** A new database on the PostgreSQL server: empty, or a copy of a template database. */
async function createPostgresDatabase(template: string | null): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `blooms_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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
  const template = await migratedPostgresTemplate();
  if (template) return createPostgresDatabase(template);
  const database = await createEmptyDatabase(kind);
  await database.migrate();
  return database;
}

let postgresTemplate: Promise<string | null> | null = null;

/**
 * A PostgreSQL database with every migration applied, made once per jest run (its global
 * setup names it, BLOOMS_TEST_TEMPLATE; its teardown drops it): a test database copied from it takes about 0.4 s,
 * an empty one migrated about 1.8 s, and a full run makes ~80. The first worker to need it makes
 * it, under a lock, and closes its connections, since a template must have none while copied.
 */
function migratedPostgresTemplate(): Promise<string | null> {
  const name = process.env.BLOOMS_TEST_TEMPLATE;
  if (!name) return Promise.resolve(null);
  postgresTemplate ??= (async () => {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL! });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const fresh = await createPostgresDatabase(null);
        await fresh.migrate();
        await fresh.close();
        await admin.query(`ALTER DATABASE ${new URL(fresh.url!).pathname.slice(1)} RENAME TO ${name}`);
      }
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    } finally {
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}
