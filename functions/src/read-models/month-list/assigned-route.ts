import { and, eq } from 'drizzle-orm';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../../db/database';
import { deliveries, routeOrders } from '../../db/schema';
import type { Geocoder } from '../../infrastructure/geocoder';
import { planRoute, type Point } from '../../domain/route-order';
import { monthRows, NEWEST_FIRST, toRow } from './rows';

/**
 * The deliveries assigned to one person in the month, in route order: the order they put
 * their stops in, then any stop not in it where the planned route (from the studio) puts it,
 * on geocoded positions when there is a geocoder.
 */
export async function listAssigned(
  db: Db,
  month: MonthKey,
  assigneeId: string,
  studio: Point,
  geocoder?: Geocoder | null,
): Promise<SubscriptionRow[]> {
  const rows = await monthRows(db, month)
    .where(eq(deliveries.assigneeId, assigneeId))
    .orderBy(...NEWEST_FIRST);
  const [saved] = await db
    .select({ ids: routeOrders.subscriptionIds })
    .from(routeOrders)
    .where(and(eq(routeOrders.assigneeId, assigneeId), eq(routeOrders.month, month)));
  const stops = rows.map(({ subscription: { id, zip, address, city } }) => ({ id, zip, address, city }));
  const planned = planRoute(studio, stops, geocoder ? await geocoder(stops) : undefined);
  const assigned = new Set(planned);
  const kept = (saved?.ids ?? []).filter((id) => assigned.has(id));
  const order = [...kept, ...planned.filter((id) => !kept.includes(id))];
  const byId = new Map(rows.map(({ subscription, ...d }) => [subscription.id, toRow(subscription, month, d)]));
  return order.map((id) => byId.get(id)!);
}
