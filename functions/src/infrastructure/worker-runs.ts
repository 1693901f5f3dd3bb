import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
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

/** Keeps how the worker's run just now went (the database's clock, not a test clock's). */
export async function recordWorkerRun(db: Db, worker: WorkerName, ok: boolean, result: Record<string, unknown>): Promise<void> {
  const finished = { lastFinishedAt: sql`now()`, lastOk: ok, lastResult: result };
  await db
    .insert(workerRuns)
    .values({ worker, ...finished })
    .onConflictDoUpdate({ target: workerRuns.worker, set: finished });
}

export async function readWorkerRuns(db: Db): Promise<WorkerRun[]> {
  return db.select().from(workerRuns);
}
