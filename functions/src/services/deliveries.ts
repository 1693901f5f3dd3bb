import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  displayStatus,
  isDeliveryStatus,
  nextStatus,
  REVERT_UNDO_ACCEPTED_SECONDS,
  type MonthDelivery,
} from '@blooms/shared/contract/deliveries';
import { formatMonth, MONTH_NAMES, type MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { inTransaction, type Db } from '../db/database';
import { deliveries, deliveryEvents, subscriptions } from '../db/schema';
import { announce, announceAll } from '../infrastructure/change-feed';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../domain/errors';
import { queueEmail } from '../infrastructure/email-outbox';
import { DOOR_PHOTO_CID, leftAtDoorEmail, type MailSite } from '../mail/account-change-email';
import { readDeliveries, readDelivery } from '../read-models/month-list';
import { monthNumber, stopKindOf } from '../read-models/month-list/rows';
import { recountVases } from './vases';
import { noticeOnTheWay, type NoticeContext } from './on-the-way';

export const noStopIn = (subscription: { firstName: string; lastName: string }, month: MonthKey) =>
  new InvalidInputError(`${subscription.firstName} ${subscription.lastName} has no delivery in ${MONTH_NAMES[monthNumber(month) - 1]}.`);

/** The month's stored stop kinds of these subscriptions, where a stop row exists. */
export async function storedKinds(tx: Db, subscriptionIds: string[], month: MonthKey) {
  const rows = await tx
    .select({ id: deliveries.subscriptionId, kind: deliveries.kind })
    .from(deliveries)
    .where(and(eq(deliveries.month, month), inArray(deliveries.subscriptionId, subscriptionIds)));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/** A stale click: the caller saw another status than the one stored. Carries the fresh row. */
export class StaleDeliveryError extends ConflictError {
  constructor(delivery: MonthDelivery) {
    super('Someone else changed this delivery a moment ago. The row now shows its current status.', { delivery });
  }
}

const PICKUP_BY_HAND = 'A vase pickup has nothing to leave at the door: mark the vase collected.';

const NOT_ASSIGNED_TO_YOU = 'Only the person this delivery is assigned to, or an admin, can mark it delivered.';

/**
 * The delivery rule, in one place: an admin may do anything; an employee may mark a
 * delivery delivered (with or without a photo), or could not deliver, only when it is assigned
 * to them. `refusal` says what they may not do.
 */
export function assertMayDeliver(actor: UserRecord, assigneeId: string | null | undefined, refusal = NOT_ASSIGNED_TO_YOU): void {
  if (actor.role !== 'admin' && assigneeId !== actor.id) throw new ForbiddenError(refusal);
}

/**
 * Locks the month's delivery row for the rest of the transaction, creating it first when
 * nobody has acted on it yet. Refuses months the subscription has no stop in (no delivery
 * and no vase to collect).
 */
export async function lockDelivery(tx: Db, subscriptionId: string, month: MonthKey) {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!subscription) throw new NotFoundError('That subscription no longer exists.');
  const kind = stopKindOf(subscription, month, (await storedKinds(tx, [subscriptionId], month)).get(subscriptionId) ?? null);
  if (!kind) throw noStopIn(subscription, month);
  await tx
    .insert(deliveries)
    .values({ subscriptionId, month, kind })
    .onConflictDoUpdate({ target: [deliveries.subscriptionId, deliveries.month], set: { kind } });
  const [delivery] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)))
    .for('update');
  return { subscription, delivery: delivery! };
}

async function recordChange(
  tx: Db,
  actor: UserRecord,
  subscriptionId: string,
  month: MonthKey,
  kind: 'status' | 'assign' | 'proof',
  detail: object,
) {
  await tx.insert(deliveryEvents).values({ subscriptionId, month, actorEmail: actor.email, kind, detail });
}

/** The dashboard pill, as compare-and-set: it moves only from the status the caller saw. */
export async function advanceStatus(
  db: Db,
  actor: UserRecord,
  input: { subscriptionId: string; month: MonthKey; expectedStatus: string },
  notice?: NoticeContext,
): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    if (displayStatus(delivery.status) !== displayStatus(input.expectedStatus)) {
      throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    }
    const to = nextStatus(delivery.status);
    if (to === 'delivered') assertMayDeliver(actor, delivery.assigneeId);
    // Back to not started: the photo leaves the delivery; the history keeps its key (and the store the photo).
    const archivedPhoto = to === 'not-started' ? delivery.proofImageKey : null;
    await tx
      .update(deliveries)
      .set({ status: to, updatedAt: new Date(), updatedBy: actor.email, ...(archivedPhoto ? { proofImageKey: null } : {}) })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'status', {
      from: delivery.status,
      to,
      ...(archivedPhoto ? { archivedPhoto } : {}),
    });
    await recountVases(tx, input.subscriptionId);
    if (to === 'out-for-delivery' && notice) await noticeOnTheWay(tx, input, notice);
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/**
 * Takes back the caller's own last status change a few seconds after it (the Undo on the
 * dashboard): a step forward goes back one step; "Delivered -> Not Started" is Delivered again,
 * with the door photo it had. Refused once anything else happened to the delivery, for an
 * undo itself, or after REVERT_UNDO_ACCEPTED_SECONDS.
 */
export async function undoRevert(db: Db, actor: UserRecord, input: { subscriptionId: string; month: MonthKey }): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    const [last] = await tx
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.subscriptionId, input.subscriptionId), eq(deliveryEvents.month, input.month)))
      .orderBy(desc(deliveryEvents.id))
      .limit(1);
    const change = last?.detail as { from?: string; to?: string; archivedPhoto?: string; undo?: boolean } | undefined;
    const from = change?.from;
    const isOwnChange =
      last?.kind === 'status' &&
      last.actorEmail === actor.email &&
      !change?.undo &&
      isDeliveryStatus(from) &&
      change?.to === delivery.status;
    if (!isOwnChange || !isDeliveryStatus(from)) throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    if (Date.now() - last.at.getTime() > REVERT_UNDO_ACCEPTED_SECONDS * 1000) {
      throw new InvalidInputError('It is too late to undo that change: mark the delivery again instead.');
    }
    const restoredPhoto = from === 'delivered' ? (change.archivedPhoto ?? null) : null;
    await tx
      .update(deliveries)
      .set({
        status: from,
        ...(from === 'delivered' ? { proofImageKey: restoredPhoto } : {}),
        updatedAt: new Date(),
        updatedBy: actor.email,
      })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'status', {
      from: delivery.status,
      to: from,
      undo: true,
      ...(restoredPhoto ? { restoredPhoto } : {}),
    });
    await recountVases(tx, input.subscriptionId);
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/** Reads the delivery as it now stands in the transaction and tells every staff screen. */
export async function announceDelivery(tx: Db, subscriptionId: string, month: MonthKey): Promise<MonthDelivery> {
  const delivery = await readDelivery(tx, subscriptionId, month);
  await announce(tx, { type: 'delivery', delivery });
  return delivery;
}

/** The same for many deliveries of the month, in one notice. */
export async function announceDeliveries(tx: Db, subscriptionIds: string[], month: MonthKey): Promise<MonthDelivery[]> {
  const changed = await readDeliveries(tx, subscriptionIds, month);
  await announceAll(
    tx,
    changed.map((delivery) => ({ type: 'delivery', delivery })),
  );
  return changed;
}

/**
 * Checks that the caller may record proof for this delivery (or a failed attempt, `refusal` then
 * saying so) and that it is out for delivery: the routes check before they store a photo.
 */
export async function checkProofAllowed(
  db: Db,
  actor: UserRecord,
  subscriptionId: string,
  month: MonthKey,
  refusal = NOT_ASSIGNED_TO_YOU,
): Promise<void> {
  const [row] = await db
    .select({ assigneeId: deliveries.assigneeId, status: deliveries.status })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)));
  assertMayDeliver(actor, row?.assigneeId, refusal);
  if (row?.status !== 'out-for-delivery') throw new StaleDeliveryError(await readDelivery(db, subscriptionId, month));
}

/** Marks an out-for-delivery delivery delivered, by hand or left at the door with a stored photo (and an e-mail saying so, in the same transaction). */
export async function recordDelivered(
  db: Db,
  actor: UserRecord,
  input: { subscriptionId: string; month: MonthKey; method: 'hand' | 'door'; proofImageKey: string | null },
  site: MailSite,
): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { subscription, delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    assertMayDeliver(actor, delivery.assigneeId);
    if (delivery.status !== 'out-for-delivery') throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    if (delivery.kind === 'pickup' && input.method === 'door') throw new InvalidInputError(PICKUP_BY_HAND);
    await tx
      .update(deliveries)
      .set({ status: 'delivered', proofImageKey: input.proofImageKey, updatedAt: new Date(), updatedBy: actor.email })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'proof', { method: input.method, photo: input.proofImageKey });
    await recountVases(tx, input.subscriptionId);
    // Left at the door, nobody saw it come: the subscriber hears of it, with the driver's photo.
    if (input.method === 'door') {
      const images = input.proofImageKey ? [{ cid: DOOR_PHOTO_CID, blobKey: input.proofImageKey }] : [];
      await queueEmail(tx, 'left-at-door', leftAtDoorEmail(subscription, site, formatMonth(input.month)), {
        subscriptionId: subscription.id,
        images,
      });
    }
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}
