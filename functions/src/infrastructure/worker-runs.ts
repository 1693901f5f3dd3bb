import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { workerRuns } from '../db/schema';

/** The background workers whose runs are kept: billing (hourly) and the nightly backup (embedded database). */
export type WorkerName = 'billing' | 'backup';

/** How long after its last run (or after it was first started, if it never ran) each worker counts as late. */
export const LATE_AFTER_MS: Record<WorkerName, number> = {
  billing: 2 * 60 * 60 * 1000,
  backup: 26 * 60 * 60 * 1000,
};

export type WorkerRun = typeof workerRuns.$inferSelect;

/** Notes that a worker exists here from now on, once: it is late if it has not run within its grace. */
export async function registerWorker(db: Db, worker: WorkerName): Promise<void> {
  await db.insert(workerRuns).values({ worker }).onConflictDoNothing();
}

// Prepared once per database: the billing run records each of its runs, most of which do nothing else.
const recordStatement = perDatabase((db: Db) => {
  const inserted = (column: PgColumn) => sql`excluded.${sql.identifier(column.name)}`;
  return db
    .insert(workerRuns)
    .values({
      worker: sql.placeholder('worker'),
      lastFinishedAt: sql`now()`,
      lastOk: sql.placeholder('ok'),
      lastResult: sql.placeholder('result'),
    })
    .onConflictDoUpdate({
      target: workerRuns.worker,
      set: {
        lastFinishedAt: inserted(workerRuns.lastFinishedAt),
        lastOk: inserted(workerRuns.lastOk),
        lastResult: inserted(workerRuns.lastResult),
      },
    })
    .prepare('record_worker_run');
});

/** Keeps how the worker's run just now went (the database's clock, not a test clock's). */
export async function recordWorkerRun(db: Db, worker: WorkerName, ok: boolean, result: Record<string, unknown>): Promise<void> {
  await recordStatement(db).execute({ worker, ok, result });
}

export async function readWorkerRuns(db: Db): Promise<WorkerRun[]> {
  return db.select().from(workerRuns);
}
