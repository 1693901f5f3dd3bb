import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AUTO_ASSIGNED_LABELS, type AutoAssigned, type MonthDelivery } from '@blooms/shared/contract/deliveries';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { SplitStop } from '@blooms/shared/contract/area-split';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import type { SettleAutoAssigned } from '@blooms/shared/contract/territories';
import { inTransaction, type Db } from '../db/database';
import { deliveries, deliveryEvents, monthCarryOvers, routeOrders, territories } from '../db/schema';
import { unassignedStops } from '../read-models/day-stops';
import { announceDeliveries } from './deliveries';
import { startMonth } from '../read-models/day-summary';

interface Carried {
  driverId: string;
  how: AutoAssigned;
  stops: SplitStop[];
}

/** Which driver each stop goes to: last month's, if they still work here, else the one whose territory holds its ZIP. */
async function planCarryOver(tx: Db, month: MonthKey): Promise<Carried[]> {
  const stops = await unassignedStops(tx, month);
  if (stops.length === 0) return [];
  const ids = stops.map((stop) => stop.id);
  // A stop staff assigned or unassigned by hand in the month is theirs to decide.
  const touched = await tx
    .selectDistinct({ id: deliveryEvents.subscriptionId })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.month, month), eq(deliveryEvents.kind, 'assign'), inArray(deliveryEvents.subscriptionId, ids)));
  const handled = new Set(touched.map((row) => row.id));
  const open = stops.filter((stop) => !handled.has(stop.id));
  if (open.length === 0) return [];
  // A deleted staff member's stops were unassigned with them (assignee_id set null): they do not carry over.
  const before = await tx
    .select({ id: deliveries.subscriptionId, driverId: deliveries.assigneeId })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.month, addMonths(month, -1)),
        isNotNull(deliveries.assigneeId),
        inArray(
          deliveries.subscriptionId,
          open.map((stop) => stop.id),
        ),
      ),
    );
  const lastMonth = new Map(before.map((row) => [row.id, row.driverId!]));
  const byZip = new Map(
    (await tx.select({ zip: territories.zip, driverId: territories.driverId }).from(territories)).map((t) => [t.zip, t.driverId]),
  );
  const plan = new Map<string, Carried>();
  for (const stop of open) {
    const last = lastMonth.get(stop.id);
    const driverId = last ?? byZip.get(stop.zip);
    if (!driverId) continue;
    const how: AutoAssigned = last ? 'last-month' : 'territory';
    const key = `${driverId} ${how}`;
    const share = plan.get(key) ?? { driverId, how, stops: [] };
    share.stops.push(stop);
    plan.set(key, share);
  }
  return [...plan.values()];
}

/** The driver's order of last month for the stops they carry over, where they had put their stops in an order. */
async function carryRouteOrder(tx: Db, month: MonthKey, share: Carried): Promise<void> {
  const [saved] = await tx
    .select({ ids: routeOrders.subscriptionIds })
    .from(routeOrders)
    .where(and(eq(routeOrders.assigneeId, share.driverId), eq(routeOrders.month, addMonths(month, -1))));
  const carried = new Set(share.stops.map((stop) => stop.id));
  const order = (saved?.ids ?? []).filter((id) => carried.has(id));
  if (order.length === 0) return;
  await tx.insert(routeOrders).values({ assigneeId: share.driverId, month, subscriptionIds: order }).onConflictDoNothing();
}

/**
 * Starts the month's assignments from the month before, once per month: each stop nobody has
 * goes to the driver it had last month (in the same route order), or else to the driver whose
 * territory its ZIP is in, marked so staff can keep or clear them. A stop staff assigned or
 * unassigned by hand is left alone; a second call does nothing.
 */
export async function carryOver(db: Db, month: MonthKey): Promise<MonthDelivery[]> {
  return inTransaction(db, async (tx) => {
    const [first] = await tx.insert(monthCarryOvers).values({ month }).onConflictDoNothing().returning();
    if (!first) return [];
    const carried: string[] = [];
    for (const share of await planCarryOver(tx, month)) {
      const drivers = await tx
        .insert(deliveries)
        .values(
          share.stops.map((stop) => ({
            subscriptionId: stop.id,
            month,
            kind: stop.pickup ? ('pickup' as const) : ('delivery' as const),
            assigneeId: share.driverId,
            autoAssigned: share.how,
            updatedBy: AUTO_ASSIGNED_LABELS[share.how],
          })),
        )
        .onConflictDoUpdate({
          target: [deliveries.subscriptionId, deliveries.month],
          set: { assigneeId: share.driverId, autoAssigned: share.how, updatedAt: sql`now()`, updatedBy: AUTO_ASSIGNED_LABELS[share.how] },
          setWhere: isNull(deliveries.assigneeId),
        })
        .returning({ id: deliveries.subscriptionId, email: sql<string>`(select email from users where id = ${share.driverId})` });
      if (drivers.length === 0) continue;
      await tx.insert(deliveryEvents).values(
        drivers.map((row) => ({
          subscriptionId: row.id,
          month,
          actorEmail: AUTO_ASSIGNED_LABELS[share.how],
          kind: 'assign' as const,
          detail: { to: row.email, automatic: share.how },
        })),
      );
      if (share.how === 'last-month') await carryRouteOrder(tx, month, share);
      carried.push(...drivers.map((row) => row.id));
    }
    return announceDeliveries(tx, carried, month);
  });
}

/** Keeps the month's assignments made as last month or by territory (the marks go), or clears them (unassigned again). */
export async function settleAutoAssigned(db: Db, actor: UserRecord, input: SettleAutoAssigned): Promise<MonthDelivery[]> {
  const { month, action } = input;
  return inTransaction(db, async (tx) => {
    const settled = await tx
      .update(deliveries)
      .set({
        autoAssigned: null,
        ...(action === 'clear' ? { assigneeId: null } : {}),
        updatedAt: new Date(),
        updatedBy: actor.email,
      })
      .where(and(eq(deliveries.month, month), isNotNull(deliveries.autoAssigned)))
      .returning({ id: deliveries.subscriptionId });
    const ids = settled.map((row) => row.id);
    if (ids.length === 0) return [];
    if (action === 'clear')
      await tx
        .insert(deliveryEvents)
        .values(
          ids.map((subscriptionId) => ({ subscriptionId, month, actorEmail: actor.email, kind: 'assign' as const, detail: { to: null } })),
        );
    return announceDeliveries(tx, ids, month);
  });
}

/** The month staff screens open on, its stops carried over from the month before the first time it is opened. */
export async function openStartMonth(db: Db, now: Date): Promise<StartMonth> {
  const start = await startMonth(db, now);
  await carryOver(db, start.month);
  return start;
}
