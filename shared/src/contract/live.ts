import { z } from 'zod';
import type { MonthDelivery } from './deliveries';
import { monthDeliveryDateSchema, monthDeliverySchema } from './deliveries-api';
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

/** Each event's data as staff screens read it (runtime/live-client.ts) and the API document describes it. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delivery'), delivery: monthDeliverySchema }),
  z.object({ type: z.literal('subscription-created'), subscriptionId: z.string() }),
  z.object({ type: z.literal('subscription-changed'), subscriptionId: z.string() }),
  z.object({ type: z.literal('users-changed'), removedEmail: z.string().optional() }),
  z.object({ type: z.literal('delivery-date'), deliveryDate: monthDeliveryDateSchema }),
  z.object({ type: z.literal('resync') }),
]) satisfies z.ZodType<LiveEvent>;

export const LIVE_CHANNEL = 'blooms_changes';
