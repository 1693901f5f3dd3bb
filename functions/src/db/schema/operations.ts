import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/** An image an outbox e-mail shows inline: its Content-ID in the HTML, and the blob it is read from when sent. */
export interface InlineImage {
  cid: string;
  blobKey: string;
}

/**
 * Every e-mail the product sends, queued in the transaction of what it announces and sent by
 * the outbox worker (infrastructure/email-outbox.ts), so a crash loses none.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the e-mail is, for logs and support: 'subscription-confirmed', ... */
    kind: text('kind').notNull(),
    recipient: jsonb('recipient').$type<{ name: string; address: string }>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Images the HTML shows inline (src="cid:…"), by blob key: attached when the e-mail is sent. */
    images: jsonb('images').$type<InlineImage[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sending attempts so far; the worker claims a due e-mail by counting one. */
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may (re)try it: a claim moves it on by the backoff, so a crashed send is retried then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when the worker stopped trying (see MAX_ATTEMPTS). */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    /** The subscription the e-mail is about, for its history; null for sign-in links (migration 0016). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    index('email_outbox_subscription_idx')
      .on(t.subscriptionId)
      .where(sql`${t.subscriptionId} is not null`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

/** Goes up with every committed change to subscriptions, deliveries or users (migration 0015). */
export const monthListVersion = pgTable('month_list_version', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Goes up with every committed change to what the owner's figures are read from (migration 0026, read-models/kept-figures.ts). */
export const figuresVersion = pgTable('figures_version', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * When each background worker (billing, nightly backups) last ran and how it went, kept in
 * the database so every instance's health check sees it (migration 0016).
 */
export const workerRuns = pgTable('worker_runs', {
  worker: text('worker').primaryKey(),
  /** When a backend first started this worker here: a worker that never ran is late only after its grace from then. */
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastOk: boolean('last_ok'),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>().notNull().default({}),
});

/** Events counted per limit, client and fixed window, shared by every instance (migration 0017, http/rate-limit.ts). */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    bucket: text('bucket').notNull(),
    client: text('client').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_counts_pkey', columns: [t.bucket, t.client, t.windowStart] }),
    index('rate_limit_counts_expires_idx').on(t.expiresAt),
  ],
);

/** Settings the studio's admins change on the site, one row per setting (migration 0032). */
export const siteSettings = pgTable('site_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
