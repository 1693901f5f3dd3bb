import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PLANS, type Subscriber } from '@blooms/shared/contract/subscriber';
import { SUBSCRIPTION_STATUSES } from '@blooms/shared/contract/lifecycle';
import { GIFT_PAYMENTS, type GiftDeliveries } from '@blooms/shared/contract/gifts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    unit: text('unit').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').$type<Subscriber['state']>().notNull().default('UT'),
    zip: text('zip').notNull(),
    deliveryNotes: text('delivery_notes').notNull().default(''),
    /** A gift's buyer (who pays and gets the receipts) and card message; empty otherwise (migration 0011). */
    buyerName: text('buyer_name').notNull().default(''),
    buyerEmail: text('buyer_email').notNull().default(''),
    giftMessage: text('gift_message').notNull().default(''),
    /** A gift's length in deliveries, 0 while it runs until cancelled, and how it is paid (migration 0023, contract/gifts.ts). */
    giftDeliveries: integer('gift_deliveries').$type<GiftDeliveries>().notNull().default(0),
    giftPayment: text('gift_payment', { enum: GIFT_PAYMENTS }).notNull().default('per-delivery'),
    plan: text('plan', { enum: PLANS }).notNull(),
    /** Month numbers 1-12 the subscriber receives flowers in. */
    months: integer('months').array().notNull(),
    /** The payment provider's checkout session that paid for it: fulfilment is idempotent on it. */
    checkoutSessionId: text('checkout_session_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The lifecycle (migration 0010, shared/src/contract/lifecycle.ts).
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first month the status applies to: the first one not yet delivered when it changed. */
    statusFrom: text('status_from')
      .notNull()
      .default(sql`to_char(now() at time zone 'America/Denver', 'YYYY-MM')`),
    /** The last month with a delivery, once the subscription is ending. */
    endsAfter: text('ends_after'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the newest provider event applied happened: older ones arriving late change nothing. */
    providerSyncedAt: timestamp('provider_synced_at', { withTimezone: true }),
    // What the subscriber changed from their account (migration 0012, contract/account.ts).
    skippedMonths: text('skipped_months')
      .array()
      .notNull()
      .default(sql`'{}'`),
    pausedFrom: text('paused_from'),
    pausedUntil: text('paused_until'),
    /** The day of the first delivery the checkout paid for (migration 0021): no month before it delivers. */
    firstDelivery: text('first_delivery'),
    /** Vases out with the subscriber (migration 0022, contract/vases.ts), recounted from the delivered stops by services/vases.ts. */
    vasesOut: integer('vases_out').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_subscription_key').on(t.providerSubscriptionId),
    // Read backwards, serves the newest-first month list and its (created_at, id) cursor
    // without a sort. (A DESC NULLS LAST index would not: ORDER BY ... DESC is NULLS FIRST.)
    index('subscriptions_newest_first_idx').on(t.createdAt, t.id),
    // The month list's search box: the beginnings of names, e-mail, address, street, city, ZIP and phone
    // digits, each a btree read by a prefix LIKE (read-models/month-list/search.ts, migration 0019).
    index('subscriptions_search_full_name_idx').using('btree', sql`(lower(${t.firstName} || ' ' || ${t.lastName})) text_pattern_ops`),
    index('subscriptions_search_last_name_idx').using('btree', sql`(lower(${t.lastName})) text_pattern_ops`),
    index('subscriptions_search_email_idx').using('btree', sql`(lower(${t.email})) text_pattern_ops`),
    index('subscriptions_search_address_idx').using('btree', sql`(lower(${t.address})) text_pattern_ops`),
    index('subscriptions_search_street_idx').using('btree', sql`(lower(regexp_replace(${t.address}, '^[0-9]+\\s*', ''))) text_pattern_ops`),
    index('subscriptions_search_city_idx').using('btree', sql`(lower(${t.city})) text_pattern_ops`),
    index('subscriptions_search_zip_idx').using('btree', sql`(lower(${t.zip})) text_pattern_ops`),
    index('subscriptions_search_phone_idx').using('btree', sql`(regexp_replace(${t.phone}, '\\D', '', 'g')) text_pattern_ops`),
    check('subscriptions_plan_check', sql`${t.plan} in ('yearly', 'custom')`),
  ],
);

export type SubscriptionDbRow = typeof subscriptions.$inferSelect;

/**
 * Every checkout started, with the validated subscriber: fulfilment inserts the subscription
 * from here, so it never depends on what a payment provider echoes back.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
  subscriber: jsonb('subscriber').$type<Subscriber>().notNull(),
  status: text('status', { enum: ['open', 'paid'] })
    .notNull()
    .default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The text consent ticked at checkout (migration 0031), recorded when the checkout is paid. */
  textConsent: jsonb('text_consent').$type<{ phone: string; wording: string; at: string }>(),
});

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** The number of subscriptions, one row kept by triggers (migration 0007): the dashboard shows it on every page. */
export const subscriptionCount = pgTable('subscription_count', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/** Who changed a subscription, when and how (migration 0010). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind', { enum: ['subscriber', 'staff', 'provider'] }).notNull(),
    /** An e-mail address, or the provider's event id. */
    actor: text('actor').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.at)],
);

/** Why subscribers cancelled, as they said it in their account (migration 0020): the owner's figures count them. */
export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** One of the contract's CANCEL_REASONS. */
    reason: text('reason').notNull(),
    /** The subscriber's own words, when the reason is "other". */
    otherText: text('other_text').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cancellation_reasons_at_idx').on(t.at)],
);
