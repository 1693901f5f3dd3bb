import type { MonthDelivery } from './deliveries';
import type { MonthDeliveryDate } from './delivery-dates';

/** What the live feed (/api/live) tells every connected staff screen. */
export type LiveEvent =
  | { type: 'delivery'; delivery: MonthDelivery }
  | { type: 'subscription-created'; subscriptionId: string }
  /** Its lifecycle changed (payments, a cancellation): its rows may now deliver or not. */
  | { type: 'subscription-changed'; subscriptionId: string }
  | { type: 'users-changed'; removedEmail?: string }
  /** An admin moved a month's delivery day (or put it back to the default rule). */
  | { type: 'delivery-date'; deliveryDate: MonthDeliveryDate }
  /** The server lost changes (its database connection dropped): reload everything. */
  | { type: 'resync' };

export const LIVE_CHANNEL = 'blooms_changes';
