import fs from 'node:fs';
import path from 'node:path';
import { addDays, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import type { BackupSettings } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../infrastructure/logger';
import { recordWorkerRun, registerWorker } from '../infrastructure/worker-runs';
import { privateFolder } from '../db/private-files';

/** A backup file's name from when it was taken; nightly ones say so, and only they are pruned. */
export function backupFileName(at: Date, nightly: boolean): string {
  return `monthly-blooms-${nightly ? 'nightly-' : ''}${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar`;
}

const NIGHTLY = /^monthly-blooms-nightly-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/;
/** A start this long after the newest nightly backup takes one soon, for a machine that sleeps at night. */
const CATCH_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const CATCH_UP_DELAY_MS = 10 * 60 * 1000;

/** The nightly backups in the folder, oldest first. */
export function nightlyBackups(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => NIGHTLY.test(name))
        .sort()
    : [];
}

/** The next time it is `hour` o'clock in the studio's time zone. */
export function nextNightlyRun(now: Date, hour: number): Date {
  const today = studioDate(now);
  const tonight = new Date(studioMidnight(today).getTime() + hour * 3600_000);
  return tonight > now ? tonight : new Date(studioMidnight(addDays(today, 1)).getTime() + hour * 3600_000);
}

/**
 * Takes a verified backup of the embedded database every night at BACKUP_HOUR (studio time)
 * into BACKUP_DIR, and keeps the newest BACKUP_KEEP nightly ones (nothing else in the folder
 * is touched). A machine started a day or more after the newest one takes one ten minutes
 * after start. Each run, done or failed, is kept in worker_runs for the health check.
 */
export class NightlyBackups {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly take: (file: string) => Promise<{ bytes: number; totalMs: number; databaseMs: number; verifyMs: number }>,
    private readonly settings: BackupSettings,
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await registerWorker(this.db, 'backup');
    const newest = nightlyBackups(this.settings.dir).at(-1);
    const newestAt = newest ? fs.statSync(path.join(this.settings.dir, newest)).mtimeMs : 0;
    const now = Date.now();
    this.schedule(
      now - newestAt > CATCH_UP_AFTER_MS ? new Date(now + CATCH_UP_DELAY_MS) : nextNightlyRun(new Date(now), this.settings.hour),
    );
  }

  private schedule(at: Date): void {
    if (this.closed) return;
    this.timer = setTimeout(
      () => {
        this.running = this.run().finally(() => {
          this.running = null;
          this.schedule(nextNightlyRun(new Date(), this.settings.hour));
        });
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    this.timer.unref();
  }

  /** Takes one nightly backup now and prunes the old ones. */
  async run(): Promise<void> {
    const file = path.join(this.settings.dir, backupFileName(new Date(), true));
    try {
      privateFolder(this.settings.dir);
      const taken = await this.take(file);
      const removed = this.prune();
      this.log.info({ file, ...taken, removed }, 'nightly backup taken and verified');
      await recordWorkerRun(this.db, 'backup', true, { file: path.basename(file), bytes: taken.bytes });
    } catch (error) {
      this.log.error({ err: error, file }, 'nightly backup failed');
      await recordWorkerRun(this.db, 'backup', false, {}).catch(() => undefined);
    }
  }

  /** Removes the oldest nightly backups beyond the number kept; returns their names. */
  private prune(): string[] {
    const all = nightlyBackups(this.settings.dir);
    const removed = all.slice(0, Math.max(0, all.length - this.settings.keep));
    for (const name of removed) fs.rmSync(path.join(this.settings.dir, name), { force: true });
    return removed;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
