import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { StopKind } from '@blooms/shared/contract/vases';
import { inTransaction, type Db } from '../db/database';
import { deliveries, deliveryEvents, routeOrders, subscriptions } from '../db/schema';
import { InvalidInputError, NotFoundError } from '../domain/errors';
import { planColumns, stopKindOf } from '../read-models/month-list/rows';
import { announceDeliveries, noStopIn, storedKinds } from './deliveries';
import { findUserByEmail } from './users';

// Who delivers which stops of a month, and in what order they drive them.

/** Keeps the order a person put their stops in; every id must be a delivery assigned to them in the month. */
export async function saveRouteOrder(db: Db, caller: UserRecord, month: MonthKey, subscriptionIds: string[]): Promise<void> {
  if (new Set(subscriptionIds).size !== subscriptionIds.length) throw new InvalidInputError('subscriptionIds lists a stop twice.');
  await inTransaction(db, async (tx) => {
    const mine = await tx
      .select({ id: deliveries.subscriptionId })
      .from(deliveries)
      .where(and(eq(deliveries.month, month), eq(deliveries.assigneeId, caller.id), inArray(deliveries.subscriptionId, subscriptionIds)));
    if (mine.length !== subscriptionIds.length)
      throw new InvalidInputError('Only deliveries assigned to you this month can be put in your route.');
    await tx
      .insert(routeOrders)
      .values({ assigneeId: caller.id, month, subscriptionIds })
      .onConflictDoUpdate({ target: [routeOrders.assigneeId, routeOrders.month], set: { subscriptionIds, updatedAt: sql`now()` } });
  });
}

/**
 * Assigns every listed delivery of the month to one user (or, with no assignee, to nobody),
 * or none of them: a fixed number of statements whatever the count (1,000 in one request),
 * all in one transaction.
 */
export async function assignDeliveries(
  db: Db,
  actor: UserRecord,
  input: { month: MonthKey; subscriptionIds: string[]; assigneeEmail: string | null },
): Promise<MonthDelivery[]> {
  const assignee = input.assigneeEmail === null ? null : await findUserByEmail(db, input.assigneeEmail);
  if (input.assigneeEmail !== null && !assignee) throw new InvalidInputError(`There is no user with the e-mail ${input.assigneeEmail}.`);
  const ids = [...new Set(input.subscriptionIds)];
  const { month } = input;
  return inTransaction(db, async (tx) => {
    const found = await tx
      .select({ ...planColumns, firstName: subscriptions.firstName, lastName: subscriptions.lastName })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids))
      .for('share');
    if (found.length < ids.length) throw new NotFoundError('That subscription no longer exists.');
    const stored = await storedKinds(tx, ids, month);
    const kinds = new Map(found.map((s) => [s.id, stopKindOf(s, month, stored.get(s.id) ?? null)]));
    const unscheduled = found.find((s) => !kinds.get(s.id));
    if (unscheduled) throw noStopIn(unscheduled, month);

    return writeAssignment(tx, actor, month, ids, assignee, kinds as ReadonlyMap<string, StopKind>);
  });
}

/** Gives these deliveries of the month to one person (or nobody), records who did it and tells staff screens: inside the caller's transaction. */
export async function writeAssignment(
  tx: Db,
  actor: UserRecord,
  month: MonthKey,
  ids: string[],
  assignee: UserRecord | null,
  /** Whether each is a delivery or a pickup-only stop. */
  kinds: ReadonlyMap<string, StopKind>,
): Promise<MonthDelivery[]> {
  if (ids.length === 0) return [];
  // Staff assigning a stop by hand settles it: no longer "as last month" or "by territory".
  const changed = { assigneeId: assignee?.id ?? null, autoAssigned: null, updatedAt: new Date(), updatedBy: actor.email };
  await tx
    .insert(deliveries)
    .values(ids.map((subscriptionId) => ({ subscriptionId, month, kind: kinds.get(subscriptionId)!, ...changed })))
    .onConflictDoUpdate({ target: [deliveries.subscriptionId, deliveries.month], set: { ...changed, kind: sql`excluded.kind` } });
  await tx.insert(deliveryEvents).values(
    ids.map((subscriptionId) => ({
      subscriptionId,
      month,
      actorEmail: actor.email,
      kind: 'assign' as const,
      detail: { to: assignee?.email ?? null },
    })),
  );
  return announceDeliveries(tx, ids, month);
}
