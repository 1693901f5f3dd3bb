import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  uuid,
} from 'drizzle-orm/pg-core';
import { FAILED_REASONS } from '@blooms/shared/contract/failed-attempts';
import { AUTO_ASSIGNED, DELIVERY_STATUSES } from '@blooms/shared/contract/deliveries';
import { STOP_KINDS } from '@blooms/shared/contract/vases';
import { subscriptions } from './subscriptions';
import { users } from './staff';

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
    /** Assigned as last month or by territory, until staff keep, clear or change it (migration 0029, services/carry-over.ts). */
    autoAssigned: text('auto_assigned', { enum: AUTO_ASSIGNED }),
    /** The month's last failed attempt, its photo, how many failed, and the day staff moved it to (migration 0032, services/failed-attempts.ts). */
    failedReason: text('failed_reason', { enum: FAILED_REASONS }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failedPhotoKey: text('failed_photo_key'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    retryOn: date('retry_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.month] }),
    index('deliveries_month_assignee_idx').on(t.month, t.assigneeId),
    /** The stops with a failed attempt, by month: the owner's figures count them (migration 0033). */
    index('deliveries_failed_attempts_month_idx')
      .on(t.month)
      .where(sql`${t.failedAttempts} > 0`),
    check('deliveries_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('deliveries_status_check', sql`${t.status} in ('not-started', 'out-for-delivery', 'delivered')`),
    check('deliveries_kind_check', sql`${t.kind} in ('delivery', 'pickup')`),
    check('deliveries_auto_assigned_check', sql`${t.autoAssigned} in ('last-month', 'territory')`),
    check('deliveries_failed_reason_check', sql`${t.failedReason} in ('no-safe-place', 'gate-code', 'wrong-address', 'refused')`),
  ],
);

/** The months whose stops were carried over from the month before: once each (migration 0029). */
export const monthCarryOvers = pgTable(
  'month_carry_overs',
  {
    month: text('month').primaryKey(),
    carriedAt: timestamp('carried_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('month_carry_overs_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/** A driver's territory, one ZIP code per row: a ZIP is in at most one territory (migration 0029). */
export const territories = pgTable(
  'territories',
  {
    zip: text('zip').primaryKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setBy: text('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('territories_driver_idx').on(t.driverId)],
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

/** Where an address is, as the geocoding service answered (infrastructure/geocoder.ts), keyed by the address as asked. */
export const geocodes = pgTable('geocodes', {
  address: text('address').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  locatedAt: timestamp('located_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The order a driver put their stops in, for one month; stops not in it follow in computed route order. */
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
