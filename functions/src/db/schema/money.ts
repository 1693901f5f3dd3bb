import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATUSES } from '@blooms/shared/contract/lifecycle';
import { subscriptions } from './subscriptions';

/** A try to charge a month, as charge_attempts keeps it: pending until its outcome is heard. */
export const CHARGE_TRY_OUTCOMES = ['pending', 'paid', 'declined', 'needs-authentication', 'processing'] as const;

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

/** Charges the payer disputed with their bank (migration 0025), as Stripe tells them: an open one holds deliveries. */
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
