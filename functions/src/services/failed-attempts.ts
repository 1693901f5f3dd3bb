import { and, eq } from 'drizzle-orm';
import {
  FAILED_MESSAGES,
  rescheduleDateProblem,
  type FailedDeliveryPolicy,
  type FailedReason,
} from '@blooms/shared/contract/failed-attempts';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { inTransaction, type Db } from '../db/database';
import { deliveries, siteSettings, subscriptionEvents } from '../db/schema';
import { InvalidInputError } from '../domain/errors';
import { queueEmail } from '../infrastructure/email-outbox';
import type { MailSite } from '../mail/account-change-email';
import { failedAttemptEmail } from '../mail/failed-attempt-email';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { FAILED_POLICY_SETTING, failedDeliveryPolicy } from '../read-models/failed-attempts';
import { readDelivery } from '../read-models/month-list';
import { announceDelivery, assertMayDeliver, lockDelivery, StaleDeliveryError } from './deliveries';
import { findUserByEmail } from './users';

/**
 * "Could not deliver": records the attempt beside the status (which stays Out for delivery) and
 * queues the e-mail telling the subscriber what happens next, in one transaction. Only the
 * stop's driver or an admin, only while it is out; the same mark again (the attempt still open)
 * changes nothing and sends nothing. Answers whether this call recorded it.
 */
export async function markCouldNotDeliver(
  db: Db,
  actor: UserRecord,
  input: { subscriptionId: string; month: MonthKey; reason: FailedReason; photoKey: string | null },
  site: MailSite,
  now: Date,
): Promise<{ delivery: MonthDelivery; recorded: boolean }> {
  return inTransaction(db, async (tx) => {
    const { subscription, delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    assertMayDeliver(actor, delivery.assigneeId, FAILED_MESSAGES.notYours);
    if (delivery.status !== 'out-for-delivery') throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    if (delivery.kind === 'pickup')
      throw new InvalidInputError('A vase pickup has no flowers to bring back: leave it out, or mark the vase collected.');
    // Marked and not yet moved to another day: this attempt is already recorded and the subscriber told.
    if (delivery.failedAt && delivery.retryOn === null)
      return { delivery: await readDelivery(tx, input.subscriptionId, input.month), recorded: false };
    const attempt = delivery.failedAttempts + 1;
    await tx
      .update(deliveries)
      .set({
        failedReason: input.reason,
        failedAt: now,
        failedPhotoKey: input.photoKey,
        failedAttempts: attempt,
        retryOn: null,
        updatedAt: now,
        updatedBy: actor.email,
      })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: input.subscriptionId,
      actorKind: 'staff',
      actor: actor.email,
      kind: 'delivery-failed',
      detail: { month: input.month, reason: input.reason, attempt, photo: input.photoKey !== null },
      at: now,
    });
    const [day, policy] = await Promise.all([deliveryDateOf(tx, input.month), failedDeliveryPolicy(tx)]);
    await queueEmail(
      tx,
      'delivery-failed',
      failedAttemptEmail(subscription, site, { reason: input.reason, deliveryDate: day.date, policy }),
      {
        subscriptionId: subscription.id,
      },
    );
    return { delivery: await announceDelivery(tx, input.subscriptionId, input.month), recorded: true };
  });
}

/**
 * Staff move a failed stop to another day after its delivery day (and, if asked, to another
 * driver): it is Not started again, on the day's work with the new day shown, and the
 * subscription's history says so. A day out of range or an unknown driver changes nothing.
 */
export async function rescheduleFailed(
  db: Db,
  actor: UserRecord,
  input: { subscriptionId: string; month: MonthKey; date: string; assigneeEmail?: string | undefined },
  now: Date,
): Promise<MonthDelivery> {
  const day = await deliveryDateOf(db, input.month);
  const problem = rescheduleDateProblem(day.date, input.date);
  if (problem) throw new InvalidInputError(problem);
  const assignee = input.assigneeEmail === undefined ? undefined : await findUserByEmail(db, input.assigneeEmail);
  if (assignee === null) throw new InvalidInputError(`There is no user with the e-mail ${input.assigneeEmail}.`);
  return inTransaction(db, async (tx) => {
    const { delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    if (!delivery.failedAt || delivery.status === 'delivered') throw new InvalidInputError(FAILED_MESSAGES.noAttempt);
    await tx
      .update(deliveries)
      .set({
        retryOn: input.date,
        status: 'not-started',
        ...(assignee ? { assigneeId: assignee.id, autoAssigned: null } : {}),
        updatedAt: now,
        updatedBy: actor.email,
      })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: input.subscriptionId,
      actorKind: 'staff',
      actor: actor.email,
      kind: 'delivery-rescheduled',
      detail: { month: input.month, date: input.date, ...(assignee ? { to: assignee.email } : {}) },
      at: now,
    });
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/** Sets what the studio does after a failed attempt (an admin's choice in the site settings). */
export async function setFailedDeliveryPolicy(db: Db, actor: UserRecord, policy: FailedDeliveryPolicy): Promise<FailedDeliveryPolicy> {
  await db
    .insert(siteSettings)
    .values({ name: FAILED_POLICY_SETTING, value: policy, updatedBy: actor.email })
    .onConflictDoUpdate({ target: siteSettings.name, set: { value: policy, updatedBy: actor.email, updatedAt: new Date() } });
  return failedDeliveryPolicy(db);
}
