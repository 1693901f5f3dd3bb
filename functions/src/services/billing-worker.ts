import type { Logger } from '../infrastructure/logger';
import type { BillingRun } from './billing';

/**
 * Runs chargeDueMonths at start and every hour (on Firebase, a scheduled function calls runDue
 * instead), one run at a time, and tells onFinished how each run went (kept for health checks,
 * counted for metrics).
 */
export class BillingWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly charge: (now: Date) => Promise<BillingRun>,
    private readonly clock: () => Date,
    private readonly log: Logger,
    private readonly onFinished: (run: BillingRun, ok: boolean) => Promise<void> = async () => undefined,
    private readonly everyMs = 60 * 60 * 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.everyMs);
    this.timer.unref();
    void this.runDue();
  }

  /** Charges what is due now, after any run already going. */
  runDue(): Promise<BillingRun> {
    const next = this.queue.then(async () => {
      if (this.closed) return { paid: 0, declined: 0, failed: 0 };
      let run: BillingRun;
      let ok = true;
      try {
        run = await this.charge(this.clock());
        ok = run.failed === 0;
      } catch (error) {
        // The database is unreachable: the next run tries again.
        this.log.error({ err: error }, 'billing run stopped');
        run = { paid: 0, declined: 0, failed: 1 };
        ok = false;
      }
      await this.onFinished(run, ok).catch((error: unknown) => this.log.error({ err: error }, 'billing run could not be recorded'));
      return run;
    });
    this.queue = next;
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.queue;
  }
}
