import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@blooms/shared/contract/roles';
import { DELIVERY_STATUSES } from '@blooms/shared/contract/deliveries';
import { PLANS, type Subscriber } from '@blooms/shared/contract/subscriber';
import { SUBSCRIPTION_STATUSES } from '@blooms/shared/contract/lifecycle';
import { STOP_KINDS } from '@blooms/shared/contract/vases';
import { GIFT_PAYMENTS, type GiftDeliveries } from '@blooms/shared/contract/gifts';

/** A try to charge a month, as charge_attempts keeps it: pending until its outcome is heard. */
export const CHARGE_TRY_OUTCOMES = ['pending', 'paid', 'declined', 'needs-authentication', 'processing'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('employee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail addresses are unique ignoring case: sign-in matches them case-insensitively.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'employee')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

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

/**
 * One delivery per subscription and month. A row exists once someone acted on it; until
 * then the month's delivery is not started and unassigned. Status never carries over.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('not-started'),
    /** A delivery, or a pickup-only stop collecting the last vase (migration 0022, contract/vases.ts). */
    kind: text('kind', { enum: STOP_KINDS }).notNull().default('delivery'),
    // Deleting a user keeps their deliveries, unassigned.
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    proofImageKey: text('proof_image_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.month] }),
    index('deliveries_month_assignee_idx').on(t.month, t.assigneeId),
    check('deliveries_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('deliveries_status_check', sql`${t.status} in ('not-started', 'out-for-delivery', 'delivered')`),
    check('deliveries_kind_check', sql`${t.kind} in ('delivery', 'pickup')`),
  ],
);

/** Who changed what when, for every delivery. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind', { enum: ['status', 'assign', 'proof'] }).notNull(),
    detail: jsonb('detail').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_events_delivery_idx').on(t.subscriptionId, t.month)],
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
});

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/**
 * Every e-mail the product sends, queued in the transaction of what it announces and sent by
 * the outbox worker (infrastructure/email-outbox.ts), so a crash loses none.
 */
/** An image an outbox e-mail shows inline: its Content-ID in the HTML, and the blob it is read from when sent. */
export interface InlineImage {
  cid: string;
  blobKey: string;
}

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

/** The order a driver put their stops in, for one month; stops not in it follow in computed route order. */
/** The number of subscriptions, one row kept by triggers (migration 0007): the dashboard shows it on every page. */
export const subscriptionCount = pgTable('subscription_count', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  total: bigint('total', { mode: 'number' }).notNull(),
});

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

/** Where an address is, as the geocoding service answered (infrastructure/geocoder.ts), keyed by the address as asked. */
export const geocodes = pgTable('geocodes', {
  address: text('address').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  locatedAt: timestamp('located_at', { withTimezone: true }).notNull().defaultNow(),
});

export const routeOrders = pgTable(
  'route_orders',
  {
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    subscriptionIds: uuid('subscription_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assigneeId, t.month] }),
    check('route_orders_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** A month's delivery day where an admin moved it from the default rule (migration 0009). */
export const deliveryDates = pgTable(
  'delivery_dates',
  {
    month: text('month').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    setBy: text('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_dates_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('delivery_dates_in_month_check', sql`to_char(${t.date}, 'YYYY-MM') = ${t.month}`),
  ],
);

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

/** Who made a ledger entry: the subscriber (or a gift's buyer), a staff member, or the payment provider. */
export const LEDGER_ACTOR_KINDS = ['subscriber', 'staff', 'provider'] as const;

/**
 * The money ledger (migration 0024), append-only: every row is money given to or taken from
 * one month's delivery, never changed or removed. A month's balance is the sum of its rows
 * (services/payment-ledger.ts); nothing else stores it.
 * - charge: money taken for the month (+), once per provider payment;
 * - refund: money given back to the card (-), once per provider refund and month;
 *   delivery says whether the month is still delivered ('kept') or not ('dropped');
 * - carry: a month that no longer delivers hands its money on: one row taking it from that
 *   month (-) and one giving it to the next (+), with the same carry_id;
 * - adjustment: a correction by staff (+ or -).
 * payment_ref is the provider payment the money came from (a refund goes back to it):
 * 'checkout:<session id>[:n]' for a checkout, else the provider's payment id.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['charge', 'refund', 'carry', 'adjustment'] }).notNull(),
    month: text('month').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentRef: text('payment_ref').notNull(),
    /** A refund's provider id; a carry's pair id ('carry:<n>'); null otherwise. */
    entryRef: text('entry_ref'),
    /** A refund's choice for the month's delivery. */
    delivery: text('delivery', { enum: ['kept', 'dropped'] }),
    actorKind: text('actor_kind', { enum: LEDGER_ACTOR_KINDS }).notNull(),
    /** An e-mail address, or the provider's event or payment id. */
    actor: text('actor').notNull(),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_subscription_idx').on(t.subscriptionId, t.month),
    index('ledger_entries_month_idx').on(t.month),
    uniqueIndex('ledger_entries_charge_key')
      .on(t.paymentRef)
      .where(sql`${t.kind} = 'charge'`),
    uniqueIndex('ledger_entries_refund_key')
      .on(t.entryRef, t.paymentRef, t.month)
      .where(sql`${t.kind} = 'refund'`),
    check('ledger_entries_kind_check', sql`${t.kind} in ('charge', 'refund', 'carry', 'adjustment')`),
    check('ledger_entries_delivery_check', sql`${t.delivery} is null or ${t.delivery} in ('kept', 'dropped')`),
    check('ledger_entries_actor_kind_check', sql`${t.actorKind} in ('subscriber', 'staff', 'provider')`),
  ],
);

/**
 * The receipt e-mailed for each provider payment (migration 0024, services/receipts.ts): one per
 * payment, keyed by its reference without a prepaid gift's ":n" month suffix; the card it was
 * paid with, as the provider told it (null when it could not say).
 */
export const receipts = pgTable('receipts', {
  paymentRef: text('payment_ref').primaryKey(),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  number: bigserial('number', { mode: 'number' }).notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each try to charge a month's delivery to the saved card (migration 0013): its number makes
 * the idempotency key, so a try repeated after a crash charges once, and a new try after a
 * decline is a new charge.
 */
export const chargeAttempts = pgTable(
  'charge_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    attempt: integer('attempt').notNull(),
    /** pending: written before the charge is confirmed, its outcome not heard yet (migration 0025). */
    outcome: text('outcome', { enum: CHARGE_TRY_OUTCOMES }).notNull(),
    /** The provider's payment (a PaymentIntent) once it is made, before it is confirmed. */
    providerRef: text('provider_ref'),
    /** The provider's words when declined. */
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What the link in the "confirm your payment" e-mail carries, once the bank asked the subscriber to authenticate. */
    authenticationToken: text('authentication_token'),
  },
  (t) => [
    uniqueIndex('charge_attempts_month_attempt_key').on(t.subscriptionId, t.month, t.attempt),
    uniqueIndex('charge_attempts_authentication_token_key').on(t.authenticationToken),
    index('charge_attempts_provider_ref_idx').on(t.providerRef),
    check('charge_attempts_outcome_check', sql`${t.outcome} in ('pending', 'paid', 'declined', 'needs-authentication', 'processing')`),
  ],
);

/** Charges the payer disputed with their bank (migration 0025), as Stripe tells them: an open one holds deliveries. */
/** The key of each staff refund made (migration 0027): a request sent again with its key answers as the first did. */
export const staffRefundRequests = pgTable(
  'staff_refund_requests',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was asked: month, amount, reason, delivery. */
    request: jsonb('request').notNull(),
    madeBy: text('made_by').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.idempotencyKey] })],
);

export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    /** Stripe's dispute id. */
    id: text('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The disputed payment (a PaymentIntent). */
    paymentRef: text('payment_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    /** The subscription's status when the dispute was opened: what a won dispute gives back. */
    statusBefore: text('status_before', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_disputes_subscription_idx').on(t.subscriptionId),
    check('payment_disputes_status_check', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/** Every payment provider event handled, by id: replays change nothing. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Sign-in links asked for and not yet made (migration 0018): the e-mail worker makes them for addresses that hold a subscription. */
export const signInLinkRequests = pgTable('sign_in_link_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  accountUrl: text('account_url').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  /** A worker that took the request holds it until then: one that died leaves it to be taken again. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

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
