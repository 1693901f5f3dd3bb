import type { Database } from '../db/database';
import { outboxBacklog } from './email-outbox';
import type { Logger } from './logger';
import { LATE_AFTER_MS, readWorkerRuns, type WorkerName, type WorkerRun } from './worker-runs';

/** An e-mail unsent for longer than this is a problem: the mail server is down or refusing. */
export const OUTBOX_LATE_AFTER_MS = 60 * 60 * 1000;

interface Check {
  ok: boolean;
}

/**
 * What an uptime check reads at /api/health: whether each part works, and in words what is
 * wrong when one does not. Times and ages only: no address, no error text, no count of
 * customers or e-mails, since anyone may ask.
 */
export interface HealthReport {
  /** unavailable: the database does not answer (the site cannot work); degraded: it works, but something needs looking at. */
  status: 'ok' | 'degraded' | 'unavailable';
  database: Database['kind'];
  checks: {
    database: Check;
    outbox?: Check & { oldestUnsentMinutes: number | null };
    billing?: Check & { lastRunAt: string | null };
    backups?: Check & { lastRunAt: string | null };
  };
  problems: string[];
}

const minutesBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 60_000);

function hoursAgo(at: Date, now: Date): string {
  const minutes = minutesBetween(at, now);
  return minutes < 120 ? `${minutes} minutes ago` : `${Math.floor(minutes / 60)} hours ago`;
}

/** A worker's check: late when it last ran (or, never having run, was first started) longer ago than its period allows; failing when its last run failed. Says what is wrong in `problems`. */
function workerCheck(
  worker: WorkerName,
  runs: WorkerRun[],
  now: Date,
  problems: string[],
  words: { what: string; failed: string },
): Check & { lastRunAt: string | null } {
  const run = runs.find((r) => r.worker === worker);
  const lastRunAt = run?.lastFinishedAt ?? null;
  const since = lastRunAt ?? run?.registeredAt ?? now;
  const check = { lastRunAt: lastRunAt?.toISOString() ?? null };
  if (now.getTime() - since.getTime() > LATE_AFTER_MS[worker]) {
    problems.push(
      lastRunAt
        ? `${words.what} last ran ${hoursAgo(lastRunAt, now)}.`
        : `${words.what} has not run since the backend first started, ${hoursAgo(since, now)}.`,
    );
    return { ok: false, ...check };
  }
  if (run?.lastOk === false) problems.push(words.failed);
  return { ok: run?.lastOk !== false, ...check };
}

export async function checkHealth(
  database: Database,
  options: { nightlyBackups: boolean; log: Logger; now?: Date },
): Promise<HealthReport> {
  const now = options.now ?? new Date();
  try {
    await database.ping();
  } catch (error) {
    options.log.error({ err: error }, 'health check: database unreachable');
    return {
      status: 'unavailable',
      database: database.kind,
      checks: { database: { ok: false } },
      problems: ['The database does not answer.'],
    };
  }
  const problems: string[] = [];
  const [backlog, runs] = await Promise.all([outboxBacklog(database.db), readWorkerRuns(database.db)]);

  const oldestUnsentMinutes = backlog.oldestUnsentAt ? minutesBetween(backlog.oldestUnsentAt, now) : null;
  const outboxLate = backlog.oldestUnsentAt !== null && now.getTime() - backlog.oldestUnsentAt.getTime() > OUTBOX_LATE_AFTER_MS;
  if (outboxLate)
    problems.push(`E-mails are waiting to be sent: the oldest for ${oldestUnsentMinutes} minutes. Is the mail server reachable?`);
  if (backlog.gaveUpLastDay > 0) problems.push('Some e-mails were given up on in the last day: the mail server kept refusing them.');

  const checks: HealthReport['checks'] = {
    database: { ok: true },
    outbox: { ok: !outboxLate && backlog.gaveUpLastDay === 0, oldestUnsentMinutes },
    billing: workerCheck('billing', runs, now, problems, {
      what: 'The billing worker',
      failed: 'The last billing run could not make every charge: the payment provider did not answer, or the database went away.',
    }),
  };
  if (options.nightlyBackups)
    checks.backups = workerCheck('backup', runs, now, problems, {
      what: 'The nightly backup',
      failed: 'The last nightly backup failed: see the backend log.',
    });
  return { status: problems.length === 0 ? 'ok' : 'degraded', database: database.kind, checks, problems };
}
