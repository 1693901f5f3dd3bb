import type { MonthDelivery } from './deliveries';

/** What the live feed (/api/live) tells every connected staff screen. */
export type LiveEvent =
  | { type: 'delivery'; delivery: MonthDelivery }
  | { type: 'subscription-created'; subscriptionId: string }
  | { type: 'users-changed'; removedEmail?: string }
  /** The server lost changes (its database connection dropped): reload everything. */
  | { type: 'resync' };

export const LIVE_CHANNEL = 'blooms_changes';
