import { lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounts } from '../db/schema';
import { HttpError } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests from your connection. Please wait a minute and try again.';

/** One limit: at most `limit` events per client in each fixed window of `windowS` seconds. */
export interface RateLimit {
  /** Names the limit in the shared table: limits with different names count apart. */
  bucket: string;
  limit: number;
  windowS: number;
  /** What the caller is told when refused. */
  message?: string;
}

/**
 * A request whose address is not known (a request Cloud Functions hands over has no socket
 * address) is counted with every other such request: one shared limit, never none.
 */
const keyOf = (client: string | undefined) => client || 'unknown';

/** Every this many counts a process deletes the rows whose window has passed. */
const SWEEP_EVERY = 500;

/**
 * Counts events per client (an IP address, a hashed e-mail address) in fixed windows, in
 * PostgreSQL: every backend instance on the database counts into the same row, in one
 * statement, so N instances (Cloud Functions scales out) still enforce one limit. Windows are
 * cut by the database's clock, which all instances share, unless a test gives its own.
 */
export class RateLimiter {
  private counted = 0;

  constructor(
    private readonly db: Db,
    private readonly rule: RateLimit,
    private readonly clock?: () => Date,
  ) {}

  /** Counts one event for the client; refuses it (429) when the client is over its limit. */
  async hit(client: string | undefined): Promise<void> {
    const { count, retryAfterS } = await this.count(keyOf(client));
    if (count > this.rule.limit) throw this.refusal(retryAfterS);
  }

  private async count(client: string): Promise<{ count: number; retryAfterS: number }> {
    const { now, windowStart } = this.window(this.clock ? sql`${this.clock().toISOString()}::timestamptz` : sql`now()`);
    const [row] = await this.db
      .insert(rateLimitCounts)
      .values({
        bucket: this.rule.bucket,
        client,
        windowStart,
        expiresAt: sql`${windowStart} + make_interval(secs => ${this.rule.windowS})`,
        count: 1,
      })
      .onConflictDoUpdate({
        target: [rateLimitCounts.bucket, rateLimitCounts.client, rateLimitCounts.windowStart],
        set: { count: sql`${rateLimitCounts.count} + 1` },
      })
      .returning({
        count: rateLimitCounts.count,
        retryAfterS: sql<number>`ceil(extract(epoch from ${rateLimitCounts.expiresAt} - ${now}))::int`,
      });
    if (++this.counted % SWEEP_EVERY === 0) await this.db.delete(rateLimitCounts).where(lt(rateLimitCounts.expiresAt, now));
    return row!;
  }

  /** The window that holds now (SQL), its start cut from the epoch in whole windows. */
  private window(now: SQL) {
    const windowStart = sql`to_timestamp(floor(extract(epoch from ${now}) / ${this.rule.windowS}) * ${this.rule.windowS})`;
    return { now, windowStart };
  }

  private refusal(retryAfterS: number): HttpError {
    return new HttpError(429, this.rule.message ?? TOO_MANY_REQUESTS, 'resource-exhausted', {
      'Retry-After': String(Math.max(1, retryAfterS)),
    });
  }
}
