import { z } from 'zod';
import { monthDeliveryDateSchema, monthDeliverySchema } from './deliveries-api';

/**
 * What the live feed (/api/live) tells every connected staff screen: each event's data as staff
 * screens read it (runtime/live-client.ts) and the API document describes it.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delivery'), delivery: monthDeliverySchema }),
  z.object({ type: z.literal('subscription-created'), subscriptionId: z.string() }),
  /** Its lifecycle changed (payments, a cancellation): its rows may now deliver or not. */
  z.object({ type: z.literal('subscription-changed'), subscriptionId: z.string() }),
  z.object({ type: z.literal('users-changed'), removedEmail: z.string().optional() }),
  /** An admin moved a month's delivery day (or put it back to the default rule). */
  z.object({ type: z.literal('delivery-date'), deliveryDate: monthDeliveryDateSchema }),
  /** The server lost changes (its database connection dropped): reload everything. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.output<typeof liveEventSchema>;

export const LIVE_CHANNEL = 'blooms_changes';
