import type { Db } from '../db/database';
import { subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from './change-feed';

export type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Stores a paid subscription and tells every staff screen about it. */
export async function createSubscription(db: Db, input: NewSubscription): Promise<SubscriptionDbRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(subscriptions).values(input).returning();
    await announce(tx as unknown as Db, { type: 'subscription-created', subscriptionId: row!.id });
    return row!;
  });
}
