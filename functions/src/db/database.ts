import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { Pool, type ClientConfig } from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { isConnectionLost, listenWithReconnect } from './listen';

import { makePrivate, privateFolder } from './private-files';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls onMessage for every NOTIFY on the channel, from any process sharing the database.
   * onReconnect runs after a dropped connection was restored (messages may have been missed).
   */
  listen: (channel: string, onMessage: (payload: string) => void, onReconnect: () => void) => Promise<() => Promise<void>>;
  /** Applies the versioned migrations (functions/drizzle/, or another folder in tests) not yet applied. */
  migrate: (folder?: string) => Promise<void>;
  ping: () => Promise<void>;
  /** The connection pool's use (PostgreSQL); null for embedded PGlite, which has one connection. */
  poolStats: () => PoolStats | null;
  /**
   * Embedded PGlite only (null otherwise): a copy of its whole data folder as a tar, with
   * what `read` reads just before it, both in one transaction that nothing else runs beside, so
   * the copy holds exactly the transactions committed before it (a backup while the site runs).
   */
  snapshot: (<T>(read: (query: RawQuery) => Promise<T>) => Promise<{ data: Blob; read: T }>) | null;
  close: () => Promise<void>;
}

/** Runs one SQL statement and gives its rows. */
export type RawQuery = (text: string) => Promise<Record<string, unknown>[]>;

export interface PoolStats {
  max: number;
  /** Connections open, of which idle; requests waiting for a connection. */
  open: number;
  idle: number;
  waiting: number;
}

/**
 * Runs `work` in one transaction. drizzle types the transaction apart from the database it
 * came from, though it has the same query API; this is the one place that says so, and
 * services take a Db either way.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** functions/drizzle, seen from src/db, from the compiled server in functions/dist (build.mjs), or the copy beside the Cloud Functions bundle (deploy/bundle.ts). */
export const MIGRATIONS =
  [path.join(__dirname, 'drizzle'), path.join(__dirname, '..', 'drizzle'), path.join(__dirname, '..', '..', 'drizzle')].find((dir) =>
    fs.existsSync(dir),
  ) ?? path.join(__dirname, '..', '..', 'drizzle');

/** How connections reach the server when not by the URL's host (the Cloud SQL connector's socket). */
export interface ConnectionRoute {
  clientOptions: Partial<ClientConfig>;
  close: () => void | Promise<void>;
}

/**
 * The connections a process opens to a PostgreSQL server for queries when not told otherwise
 * (DATABASE_POOL_SIZE; a Cloud Function is told: firebase/sizing.ts): twice this machine's
 * cores, at least 4. More queries at once than the processors can run only queue for them in
 * the operating system, where every request waits longer than in the pool: with the server
 * and the database on two cores, the uncached search's p95 under load was 20-26 ms with 10
 * connections and 16-17 ms with 4 (docs/performance.md).
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * os.availableParallelism());

/**
 * The session lock migrations are applied under, so that instances starting together after a
 * schema change take turns: the first applies what is new, the others then find nothing to do.
 * (Any 64-bit number works, as long as nothing else locks it: "blooms" in ASCII.)
 */
const MIGRATION_LOCK = 0x626c6f6f6d73;

export interface DatabaseOptions {
  url: string | null;
  dataDir: string | null;
  route?: ConnectionRoute;
  /** At most this many connections for queries (LISTEN clients come on top: one per channel listened to). */
  poolSize?: number;
  /** Names the process's connections in pg_stat_activity. */
  applicationName?: string;
  /** Embedded PGlite in memory only: start from this copy of a data folder (a snapshot's tar) instead of an empty one. */
  startFrom?: Blob;
}

/**
 * A PostgreSQL server when a URL is given (reached through `route` when there is one), else
 * embedded PGlite (in dataDir, or in memory for null).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const connection = {
      connectionString: options.url,
      ...options.route?.clientOptions,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    };
    // No parallel plans: a page is small and ends early (LIMIT), and the planner misjudges how
    // many rows the dashboard's filters keep, so it would start workers that cost more than they
    // save (a filtered page's count: 59 ms with two workers, 12 ms without; docs/performance.md).
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    const pool = new Pool({ ...connection, max: poolSize, options: '-c max_parallel_workers_per_gather=0' });
    // The server ended an idle connection (a restart, a failover, an idle timeout): the pool
    // drops it and opens another when needed. Unheard, the 'error' event would end the process.
    pool.on('error', (error) => console.error(`database connection lost, the pool will reconnect: ${error.message}`));
    // The pool hears only idle connections. One lost while a request holds it (between the
    // statements of a transaction) reports to the request's query instead; this listener keeps
    // its 'error' event from ending the process meanwhile.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    db.transaction = <T>(
      work: (tx: Parameters<Parameters<PgDb['transaction']>[0]>[0]) => Promise<T>,
      config?: Parameters<PgDb['transaction']>[1],
    ) => transactionOnOwnClient(pool, work, config);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: (channel, onMessage, onReconnect) => listenWithReconnect(connection, channel, onMessage, onReconnect),
      migrate: async (folder = MIGRATIONS) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          // The lock ends with the session too, should this process die holding it.
          await migratePg(drizzlePg(client), { migrationsFolder: folder }).finally(() =>
            client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]),
          );
        } finally {
          client.release();
        }
      },
      // A connection the server ended while it sat idle fails its next query before the pool
      // hears of it; the pool then opens another. One retry tells that from a database that does not answer.
      ping: async () => {
        await db.execute(sql`select 1`).catch(() => db.execute(sql`select 1`));
      },
      poolStats: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      snapshot: null,
      close: async () => {
        await pool.end();
        await options.route?.close();
      },
    };
  }
  // Loaded only when used: the Cloud Functions bundle leaves embedded PostgreSQL out.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) privateFolder(options.dataDir);
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  // pg_trgm: the dashboard search's index (migration 0007).
  const client = options.dataDir
    ? new PGlite(options.dataDir, { extensions: { pg_trgm } })
    : new PGlite({ extensions: { pg_trgm }, loadDataDir: options.startFrom });
  await client.waitReady.catch((error: unknown) => {
    unlock();
    throw error;
  });
  // PGlite writes its files readable and writable by every local user (0666): made this user's alone, and checked, at every start.
  const open = options.dataDir ? makePrivate(options.dataDir) : [];
  if (open.length > 0) {
    await client.close();
    unlock();
    throw new Error(
      `The embedded database in ${options.dataDir} could be read or changed by other users of this machine, and ${open[0]} (with ${open.length - 1} more) cannot be made this user's alone: make the folder and everything in it owned by the user the backend runs as (chown -R), then start again.`,
    );
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    migrate: (folder = MIGRATIONS) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    poolStats: () => null,
    // Every query and transaction waits for this transaction to end: nothing is half done while
    // dumpDataDir copies the folder (this transaction only read).
    snapshot: (read) =>
      client.transaction(async (tx) => {
        const result = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        // Uncompressed: the copy is 3-4 times quicker, and every request waits for it (gzip it after).
        return { read: result, data: await client.dumpDataDir('none') };
      }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

type PgDb = ReturnType<typeof drizzlePg<typeof schema>>;

/**
 * A transaction on a client of its own, released whatever happens. drizzle's own leaves the
 * client checked out when BEGIN fails (a connection lost just then): ten of those and the pool
 * is empty for good. A client whose connection was lost is destroyed, not handed out again.
 */
async function transactionOnOwnClient<T>(
  pool: Pool,
  work: (tx: Parameters<Parameters<PgDb['transaction']>[0]>[0]) => Promise<T>,
  config: Parameters<PgDb['transaction']>[1],
): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  try {
    return await drizzlePg(client, { schema }).transaction(work, config);
  } catch (error) {
    if (isConnectionLost(error)) lost = error as Error;
    throw error;
  } finally {
    client.release(lost);
  }
}
