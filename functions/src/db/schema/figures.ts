import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

// The owner's figures kept by the part a write can touch (migration 0034, read-models/kept-figure-parts.ts).

/** What writes touched since the kept figures were last brought up to date: a subscription, a month of the ledger or of deliveries, or 'all' (a table emptied). */
export const figuresChanges = pgTable('figures_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  part: text('part').notNull(),
  key: text('key').notNull(),
});

/** Which span the kept month sets are for ('sets'), and whether the ledger's months are kept ('ledger'). */
export const figuresKeptState = pgTable('figures_kept_state', {
  part: text('part').primaryKey(),
  span: text('span').notNull(),
});

/** Each subscription's month sets over the kept span (read-models/month-sets.ts: bit i is the span's month i). */
export const figuresKeptSets = pgTable('figures_kept_sets', {
  subscriptionId: uuid('subscription_id').primaryKey(),
  active: bigint('active', { mode: 'bigint' }).notNull(),
  paused: bigint('paused', { mode: 'bigint' }).notNull(),
  held: bigint('held', { mode: 'bigint' }).notNull(),
  stops: bigint('stops', { mode: 'bigint' }).notNull(),
  unpaid: bigint('unpaid', { mode: 'bigint' }).notNull(),
  yearly: boolean('yearly').notNull(),
  gift: boolean('gift').notNull(),
  firstDelivered: text('first_delivered'),
});

/** The ledger's money by kind, the month it moved in (studio time) and the month it is for. */
export const figuresLedgerMonths = pgTable(
  'figures_ledger_months',
  {
    kind: text('kind').notNull(),
    moved: text('moved').notNull(),
    month: text('month').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'figures_ledger_months_pk', columns: [t.kind, t.moved, t.month] })],
);

/** Each month's delivered stops: on its delivery day (`date`, as it was when counted) or later, and with a photo. */
export const figuresDeliveryMonths = pgTable('figures_delivery_months', {
  month: text('month').primaryKey(),
  date: text('date').notNull(),
  onDay: integer('on_day').notNull(),
  later: integer('later').notNull(),
  photo: integer('photo').notNull(),
});
