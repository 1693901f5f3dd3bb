import { sql } from 'drizzle-orm';
import { LIVE_CHANNEL, type LiveEvent } from '@blooms/shared/contract/live';
import type { Database, Db } from '../db/database';

type Listener = (event: LiveEvent) => void;

/**
 * Fans database change notifications out to this process's live connections. Changes are
 * announced with NOTIFY inside the writing transaction, so every backend process sharing
 * the database hears about them when, and only if, they commit.
 */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  private stop: (() => Promise<void>) | null = null;

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(
      LIVE_CHANNEL,
      (payload) => this.publish(JSON.parse(payload) as LiveEvent),
      () => this.publish({ type: 'resync' }),
    );
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  private publish(event: LiveEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.listeners.clear();
  }
}

/** Announces a change to every process; call inside the transaction that makes it. */
export async function announce(db: Db, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
