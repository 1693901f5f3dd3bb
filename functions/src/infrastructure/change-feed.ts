import { sql } from 'drizzle-orm';
import { LIVE_CHANNEL, type LiveEvent } from '@blooms/shared/contract/live';
import type { Database, Db } from '../db/database';

/** A change: the event, and its JSON exactly as announced, to forward without re-serialising. */
type Listener = (event: LiveEvent, json: string) => void;

/**
 * Fans database change notifications out to this process's live connections. Changes are
 * announced with NOTIFY inside the writing transaction, so every backend process sharing
 * the database hears about them when, and only if, they commit. Each notification is parsed
 * once, and its text, as announced, is what every client is sent.
 */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  private stop: (() => Promise<void>) | null = null;
  /** Told how many listeners there are each time one comes or goes (for metrics). */
  onSizeChange: ((size: number) => void) | null = null;

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(
      LIVE_CHANNEL,
      (payload) => this.publish(JSON.parse(payload) as LiveEvent, payload),
      () => this.publish({ type: 'resync' }, JSON.stringify({ type: 'resync' })),
    );
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.onSizeChange?.(this.listeners.size);
    return () => {
      if (this.listeners.delete(listener)) this.onSizeChange?.(this.listeners.size);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  private publish(event: LiveEvent, json: string): void {
    for (const listener of this.listeners) listener(event, json);
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

/** Announces many changes in one statement (a bulk assignment); each is its own notification. */
export async function announceAll(db: Db, events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, event::text) from json_array_elements(${JSON.stringify(events)}::json) as event`);
}
