import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/**
 * A stop's "on the way" notice and its tracking link, once per stop and month ever (migration
 * 0030, services/on-the-way.ts). The link's token is kept only as its SHA-256.
 */
export const stopTracking = pgTable(
  'stop_tracking',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The end of the delivery day in the studio: the link answers "expired" from then on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.month] }),
    unique('stop_tracking_token_hash_unique').on(t.tokenHash),
    check('stop_tracking_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
