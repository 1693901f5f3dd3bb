import { and, eq, inArray } from 'drizzle-orm';
import { formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { inTransaction, type Db } from '../db/database';
import { deliveries, deliveryEvents } from '../db/schema';
import { InvalidInputError } from '../domain/errors';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { listAssigned } from '../read-models/month-list';
import type { RouteContext } from '../read-models/stop-tracking';
import { announceDeliveries } from './deliveries';
import { noticeOnTheWay, type NoticeContext } from './on-the-way';

/**
 * "Start my route": on the month's delivery day itself (the studio's day by the server's
 * clock), every stop of the caller's route that is not started goes out for delivery, in one
 * transaction, each with its notice. Only the caller's own stops; a stop already out or
 * delivered is left as it is, so pressing it again changes nothing.
 */
export async function startMyRoute(
  db: Db,
  caller: UserRecord,
  month: MonthKey,
  context: NoticeContext,
  route: RouteContext,
): Promise<void> {
  const { date } = await deliveryDateOf(db, month);
  if (date !== studioDate(context.now))
    throw new InvalidInputError(`A route can be started only on its delivery day, ${formatDeliveryDate(date, { withYear: true })}.`);
  await inTransaction(db, async (tx) => {
    const stops = await listAssigned(tx, month, caller.id, route.studio, route.geocoder);
    const ids = stops.map((stop) => stop.id);
    if (ids.length === 0) return;
    const started = await tx
      .update(deliveries)
      .set({ status: 'out-for-delivery', updatedAt: new Date(), updatedBy: caller.email })
      .where(
        and(
          eq(deliveries.month, month),
          eq(deliveries.assigneeId, caller.id),
          eq(deliveries.status, 'not-started'),
          inArray(deliveries.subscriptionId, ids),
        ),
      )
      .returning({ subscriptionId: deliveries.subscriptionId });
    if (started.length === 0) return;
    await tx.insert(deliveryEvents).values(
      started.map(({ subscriptionId }) => ({
        subscriptionId,
        month,
        actorEmail: caller.email,
        kind: 'status' as const,
        detail: { from: 'not-started', to: 'out-for-delivery', route: 'started' },
      })),
    );
    for (const { subscriptionId } of started) await noticeOnTheWay(tx, { subscriptionId, month }, context);
    await announceDeliveries(
      tx,
      started.map((stop) => stop.subscriptionId),
      month,
    );
  });
}
