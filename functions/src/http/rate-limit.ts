import { HttpError } from './errors';

/**
 * Counts events per client in fixed windows, in this process's memory: enough to stop one
 * client flooding one instance (each Cloud Functions instance counts its own).
 */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for the client; refuses it (429) when the client is over its limit. */
  hit(client: string): void {
    this.check(client);
    this.window(client).count += 1;
  }

  /** Refuses (429) a client that is over its limit, counting nothing. */
  check(client: string): void {
    const window = this.window(client);
    if (window.count >= this.limit) {
      const retryAfterS = Math.max(1, Math.ceil((window.resetsAt - this.now()) / 1000));
      throw new HttpError(429, 'Too many requests from your connection. Please wait a minute and try again.', 'resource-exhausted', { 'Retry-After': String(retryAfterS) });
    }
  }

  private window(client: string) {
    const now = this.now();
    let window = this.windows.get(client);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size > 10_000) this.dropExpired(now);
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(client, window);
    }
    return window;
  }

  private dropExpired(now: number) {
    for (const [client, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(client);
  }
}
