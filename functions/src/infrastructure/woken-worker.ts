import type { Database } from '../db/database';

/**
 * A queue worker woken three ways: at start, by a NOTIFY on its channel (sent in the
 * transaction that queued the work), and every pollMs for retries that came due. Wake-ups
 * while it drains run one more drain after it, never two at once. Subclasses say what a drain is.
 */
export abstract class WokenWorker {
  private stopListening: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  protected closed = false;

  protected constructor(
    protected readonly database: Database,
    private readonly channel: string,
    private readonly pollMs: number,
  ) {}

  /** Sends what is due; must not throw (a failure is logged, and the next wake-up tries again). */
  protected abstract drain(): Promise<void>;

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      this.channel,
      () => this.wake(),
      () => this.wake(),
    );
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Sends everything due now; resolves when nothing due is left (for tests, shutdown, and one scheduled run on Firebase). */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.wake();
      }
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.stopListening?.();
    await this.running;
  }
}
