import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

/** Every text consent given or withdrawn (migration 0031): the newest row of a subscription is its setting. */
export const textConsents = pgTable(
  'text_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['opt-in', 'opt-out'] }).notNull(),
    /** Where: the subscribe form, the account, or a reply to a text (STOP, START). */
    source: text('source', { enum: ['subscribe', 'account', 'reply'] }).notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** The exact wording shown beside the ticked box; the reply's word for a reply; empty for turning off in the account. */
    wording: text('wording').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('text_consents_subscription_idx').on(t.subscriptionId, t.id), index('text_consents_phone_idx').on(t.phone)],
);

/** Texts, queued with what they announce and sent by the SMS worker (infrastructure/sms-outbox.ts). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** One text per key ('on-the-way:<subscription>:<month>'): a stop moved back and forth is texted once. */
    dedupeKey: text('dedupe_key').notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    month: text('month'),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    /** The studio day (YYYY-MM-DD) the text is for: it goes out that day between 8:00 and 20:00, or not at all. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id of the message (Twilio's SM…); the file name when written to the outbox folder. */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    /** Not sent: the number opted out before it went. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** Not sent: its day's texting hours ended first. */
    tooLateAt: timestamp('too_late_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null and ${t.optedOutAt} is null and ${t.tooLateAt} is null`),
    index('sms_outbox_subscription_idx')
      .on(t.subscriptionId)
      .where(sql`${t.subscriptionId} is not null`),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
