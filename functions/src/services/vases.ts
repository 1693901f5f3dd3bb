import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { subscriptions } from '../db/schema';

/**
 * Recounts the subscription's vases out from its stops (contract/vases.ts): one is out once a
 * delivery has been delivered and no pickup was collected after it. Counted again rather than
 * added to, so a status taken back (Delivered -> Not Started, an undo) gives the right count.
 */
export async function recountVases(tx: Db, subscriptionId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      vasesOut: sql`case when exists (
        select 1 from deliveries d
        where d.subscription_id = ${subscriptions.id} and d.kind = 'delivery' and d.status = 'delivered'
          and not exists (
            select 1 from deliveries p
            where p.subscription_id = d.subscription_id and p.kind = 'pickup' and p.status = 'delivered' and p.month > d.month
          )
      ) then 1 else 0 end`,
    })
    .where(eq(subscriptions.id, subscriptionId));
}
