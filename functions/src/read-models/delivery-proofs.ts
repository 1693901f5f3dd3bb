import { and, eq, sql } from 'drizzle-orm';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveries, deliveryEvents } from '../db/schema';

/** A delivery's proof photo and history, as staff screens and the photo routes read them. */

/** Whether a committed row points to the photo: a delivery shows it, or its history recorded it (kept for tracing after a reset). */
export async function photoInUse(db: Db, photo: { subscriptionId: string; month: MonthKey; key: string }): Promise<boolean> {
  const [shown] = await db
    .select({ key: deliveries.proofImageKey })
    .from(deliveries)
    .where(
      and(eq(deliveries.subscriptionId, photo.subscriptionId), eq(deliveries.month, photo.month), eq(deliveries.proofImageKey, photo.key)),
    );
  if (shown) return true;
  const [recorded] = await db
    .select({ id: deliveryEvents.id })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.subscriptionId, photo.subscriptionId),
        eq(deliveryEvents.month, photo.month),
        eq(deliveryEvents.kind, 'proof'),
        sql`${deliveryEvents.detail}->>'photo' = ${photo.key}`,
      ),
    )
    .limit(1);
  return recorded !== undefined;
}

/** The door photo a delivery shows; null when none. */
export async function proofImageKey(db: Db, subscriptionId: string, month: MonthKey): Promise<string | null> {
  const [row] = await db
    .select({ key: deliveries.proofImageKey })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)));
  return row?.key ?? null;
}

/** Every change of a delivery, oldest first. */
export async function deliveryHistory(db: Db, subscriptionId: string, month: MonthKey) {
  return db
    .select()
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.subscriptionId, subscriptionId), eq(deliveryEvents.month, month)))
    .orderBy(deliveryEvents.id);
}
