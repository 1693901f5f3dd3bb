import type { Database } from '../db/database';

/**
 * A queue worker woken three ways: at start, by a NOTIFY on its channel (sent in the
 * transaction that queued the work), and every pollMs for retries that came due; never two
 * drains at once. Subclasses say what a drain is.
 */
export abstract class WokenWorker {
  private stopListening: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
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

  /**
   * Sends everything due now; resolves once a drain that began after this call has ended (for
   * tests, shutdown, and one scheduled run on Firebase). A drain under way may have read the
   * queue before this wake-up's work was there, so wake-ups during it share one drain after it.
   */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = null;
        return this.wake();
      });
      return this.next;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
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
