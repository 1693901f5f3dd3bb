import { eq, sql } from 'drizzle-orm';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { Lifecycle, SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { SiteContact } from '@blooms/shared/contract/site';
import { inTransaction, type Db } from '../db/database';
import { providerEvents, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { paymentFailedEmail } from '../mail/payment-failed-email';
import { announce } from './change-feed';
import { deliveryDateOf } from './delivery-dates';
import { queueEmail } from './email-outbox';
import { ConflictError } from './errors';
import { nextUnpaidMonth, recordPayment } from './account';

/** A subscription row's lifecycle, as the delivery rules read it (contract/lifecycle.ts). */
export function lifecycleOf(row: Pick<SubscriptionDbRow, 'status' | 'statusFrom' | 'endsAfter'>): Lifecycle {
  return { status: row.status, statusFrom: row.statusFrom, endsAfter: row.endsAfter };
}

/** What a payment provider event says about a subscription, in the provider's own words where it has them. */
export type ProviderChange =
  | { kind: 'subscription-updated'; providerStatus: string; cancelAt: Date | null }
  | { kind: 'subscription-deleted' }
  | { kind: 'invoice-paid' }
  | { kind: 'invoice-failed' };

export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider says it happened: the order events are applied in. */
  createdAt: Date;
  providerSubscriptionId: string;
  change: ProviderChange;
}

/** applied: the subscription changed; unchanged: nothing to change; replayed: seen before; stale: older than what is applied. */
export type ProviderEventResult = 'applied' | 'unchanged' | 'replayed' | 'stale';

/** Stripe's subscription statuses in ours. Anything else leaves the subscription as it is. */
const STRIPE_STATUSES: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past-due',
  unpaid: 'past-due',
  incomplete: 'past-due',
  paused: 'paused',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

/** The last month whose delivery has gone out by that instant (its delivery day has come). */
async function lastDeliveredMonth(db: Db, at: Date): Promise<MonthKey> {
  const today = studioDate(at);
  const month = today.slice(0, 7);
  return (await deliveryDateOf(db, month)).date <= today ? month : addMonths(month, -1);
}

/**
 * Brings a subscription in step with its payment provider, once per event: a replay finds the
 * event id already recorded, an event older than the last one applied changes nothing, and a
 * cancelled subscription stays cancelled. Each change is kept in the subscription's history,
 * announced to staff screens, and a renewal that fails sends the subscriber one notice.
 * An event for a subscription not known yet (its checkout is still being fulfilled) is
 * refused whole, so the provider sends it again later.
 */
export async function applyProviderEvent(db: Db, event: ProviderEvent, site: SiteContact): Promise<ProviderEventResult> {
  return inTransaction(db, async (tx) => {
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId)).for('update');
    if (!subscription) throw new ConflictError(`No subscription is linked to ${event.providerSubscriptionId} yet; send the event again later.`);
    const [fresh] = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return 'replayed';
    if (subscription.providerSyncedAt && event.createdAt < subscription.providerSyncedAt) return 'stale';
    if (subscription.status === 'cancelled') return 'stale';

    let status: SubscriptionStatus = subscription.status;
    let endsAfter = subscription.endsAfter;
    const { change } = event;
    if (change.kind === 'subscription-updated') {
      status = STRIPE_STATUSES[change.providerStatus] ?? status;
      if (status !== 'cancelled') endsAfter = change.cancelAt ? await lastDeliveredMonth(tx, change.cancelAt) : null;
    } else if (change.kind === 'subscription-deleted') status = 'cancelled';
    else if (change.kind === 'invoice-paid') status = subscription.status === 'paused' ? 'paused' : 'active';
    else status = 'past-due';
    // The month whose delivery had gone out when the event happened: a new status applies after it.
    const delivered = await lastDeliveredMonth(tx, event.createdAt);
    // Cancelled ends with that delivery, or earlier if it was already set to end earlier.
    if (status === 'cancelled') endsAfter = endsAfter !== null && endsAfter < delivered ? endsAfter : delivered;

    // A renewal pays for the next month that delivers and is not paid yet.
    const paidFor = change.kind === 'invoice-paid' ? await nextUnpaidMonth(tx, subscription, event.createdAt) : null;
    if (paidFor) await recordPayment(tx, subscription.id, event.id, paidFor);

    const changed = status !== subscription.status || endsAfter !== subscription.endsAfter;
    await tx
      .update(subscriptions)
      .set({
        status,
        endsAfter,
        providerSyncedAt: event.createdAt,
        ...(status !== subscription.status ? { statusChangedAt: event.createdAt, statusFrom: addMonths(delivered, 1) } : {}),
        ...(changed ? { updatedAt: sql`now()` } : {}),
      })
      .where(eq(subscriptions.id, subscription.id));
    if (!changed) return 'unchanged';
    await tx.insert(subscriptionEvents).values({
      subscriptionId: subscription.id,
      actorKind: 'provider',
      actor: event.id,
      kind: 'status',
      detail: { event: event.type, from: { status: subscription.status, endsAfter: subscription.endsAfter }, to: { status, endsAfter } },
    });
    if (status === 'past-due' && subscription.status !== 'past-due') await queueEmail(tx, 'payment-failed', paymentFailedEmail(subscription, site));
    await announce(tx, { type: 'subscription-changed', subscriptionId: subscription.id });
    return 'applied';
  });
}
