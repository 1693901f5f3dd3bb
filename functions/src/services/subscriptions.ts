import type { Subscriber } from '@blooms/shared/contract/subscriber';
import { giftLastMonth } from '@blooms/shared/contract/gifts';
import type { IsoDate } from '@blooms/shared/contract/delivery-dates';
import type { Db } from '../db/database';
import { subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';

/**
 * The one writer of subscriptions: stores a subscriber and tells every staff screen, inside
 * the caller's transaction. With a checkout session id it is idempotent: a second call for
 * the same session stores nothing and returns null.
 */
export async function insertSubscription(
  tx: Db,
  subscriber: Subscriber,
  paidBy: { checkoutSessionId: string; customerId: string | null; subscriptionId: string | null } | null = null,
  /** The day of the first delivery the checkout paid for: months before it do not deliver. */
  firstDelivery: IsoDate | null = null,
): Promise<SubscriptionDbRow | null> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      ...subscriber,
      checkoutSessionId: paidBy?.checkoutSessionId ?? null,
      providerCustomerId: paidBy?.customerId ?? null,
      providerSubscriptionId: paidBy?.subscriptionId ?? null,
      firstDelivery,
      // A gift of a set number of deliveries ends after the last; skips and pauses move it (services/gifts.ts).
      endsAfter: giftLastMonth({ ...subscriber, firstDelivery, skippedMonths: [], pausedFrom: null, pausedUntil: null }),
    })
    .onConflictDoNothing({ target: subscriptions.checkoutSessionId })
    .returning();
  if (row) await announce(tx, { type: 'subscription-created', subscriptionId: row.id });
  return row ?? null;
}
