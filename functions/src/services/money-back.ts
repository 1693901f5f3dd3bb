import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { addMonths } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { chargeAttempts, paymentDisputes, providerEvents, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { NotFoundError } from '../domain/errors';
import { recordRefund, type RefundEntry } from './payment-ledger';
import { chargeOf, ledgerOf, monthBalances } from '../read-models/ledger';
import { lastDeliveredMonth, lockedForNewEvent, type ProviderEventResult } from './provider-events';

// Money a payer gets back through the payment provider rather than from us: a dispute with their
// bank, lost, or a refund made in Stripe's dashboard. Each is recorded once, in any order.

/** What Stripe says of a disputed charge. */
export interface DisputeEvent {
  /** The event's id: applied once. */
  id: string;
  type: 'charge.dispute.created' | 'charge.dispute.closed';
  createdAt: Date;
  subscriptionId: string;
  dispute: { id: string; paymentRef: string; amountCents: number; reason: string; status: string };
}

/**
 * A charge disputed with the payer's bank, once per event and in any order. Opened: the dispute
 * is kept and the subscription held from its first month not delivered yet (staff see it
 * Disputed on the dashboard and can filter for it), unless it is already over. Lost: the bank
 * gave the money back, the ledger records it, and the subscription stays held for staff to
 * decide, whatever its other disputes do. Won: the hold is released (the status before the
 * first dispute comes back) once no other dispute of the subscription is open or lost. So the
 * answer depends on which disputes there are and how they ended, never on the order they are
 * told in: a close told before its opening is kept (a lost one holds then), and the late opening
 * changes nothing.
 */
export async function applyDisputeEvent(db: Db, event: DisputeEvent): Promise<ProviderEventResult> {
  return inTransaction(db, async (tx) => {
    const subscription = await lockedForNewEvent(tx, event);
    if (!subscription) return 'replayed';
    const { dispute } = event;
    const closed = event.type === 'charge.dispute.closed';
    const outcome = !closed ? 'open' : dispute.status === 'won' ? 'won' : 'lost';
    const [known] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id)).for('update');
    if (known && known.status !== 'open' && !closed) return 'stale';
    const statusBefore = known?.statusBefore ?? (await statusBeforeDisputes(tx, subscription));
    if (!known)
      await tx.insert(paymentDisputes).values({
        id: dispute.id,
        subscriptionId: subscription.id,
        paymentRef: dispute.paymentRef,
        amountCents: dispute.amountCents,
        reason: dispute.reason,
        status: outcome,
        statusBefore,
        openedAt: event.createdAt,
        closedAt: closed ? event.createdAt : null,
      });
    else await tx.update(paymentDisputes).set({ status: outcome, closedAt: event.createdAt }).where(eq(paymentDisputes.id, dispute.id));

    // Lost, the bank gave the disputed money back to the payer: the ledger records it, once (the dispute is the reference).
    if (outcome === 'lost' && known?.status !== 'lost')
      await takeBack(tx, subscription.id, await entriesOfPayment(tx, subscription, dispute.paymentRef), dispute.amountCents, {
        refundRef: dispute.id,
        delivery: 'dropped',
        by: { kind: 'provider', id: event.id },
        reason: 'Dispute lost: the bank returned the payment to the payer',
        at: event.createdAt,
      });
    const history = { dispute: dispute.id, payment: dispute.paymentRef, amountCents: dispute.amountCents, outcome };
    // Held while a delivery is still to come: a cancelled subscription's last ones too (released, it is cancelled again).
    const firstToCome = addMonths(await lastDeliveredMonth(tx, event.createdAt), 1);
    const over =
      subscription.status === 'complete' ||
      (subscription.status === 'cancelled' && (subscription.endsAfter === null || subscription.endsAfter < firstToCome));
    const [holding] = await tx
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.subscriptionId, subscription.id), inArray(paymentDisputes.status, ['open', 'lost'])))
      .limit(1);
    const status: SubscriptionStatus = over
      ? subscription.status
      : holding
        ? 'disputed'
        : subscription.status === 'disputed'
          ? statusBefore === 'disputed'
            ? 'active'
            : statusBefore
          : subscription.status;
    const changed = status !== subscription.status;
    if (changed)
      await tx
        .update(subscriptions)
        .set({
          status,
          statusChangedAt: event.createdAt,
          statusFrom: firstToCome,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, subscription.id));
    await tx.insert(subscriptionEvents).values({
      subscriptionId: subscription.id,
      actorKind: 'provider',
      actor: event.id,
      kind: 'dispute',
      detail: { event: event.type, ...history, from: { status: subscription.status }, to: { status } },
    });
    await announce(tx, { type: 'subscription-changed', subscriptionId: subscription.id });
    return 'applied';
  });
}

/**
 * The status a dispute holds the subscription from: its own, or, when other disputes hold it
 * already, the one they held it from, so that the last of them to be won gives back the status
 * before the first, whichever that is.
 */
async function statusBeforeDisputes(tx: Db, subscription: SubscriptionDbRow): Promise<SubscriptionStatus> {
  if (subscription.status !== 'disputed') return subscription.status;
  const [first] = await tx
    .select({ statusBefore: paymentDisputes.statusBefore })
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.subscriptionId, subscription.id),
        inArray(paymentDisputes.status, ['open', 'lost']),
        ne(paymentDisputes.statusBefore, 'disputed'),
      ),
    )
    .orderBy(asc(paymentDisputes.openedAt))
    .limit(1);
  return first?.statusBefore ?? 'active';
}

/**
 * Records money a payment's payer got back: off the months holding that payment's money, the
 * latest first, as refunds under one provider reference (so the same reference records once).
 */
async function takeBack(
  tx: Db,
  subscriptionId: string,
  paymentEntries: Awaited<ReturnType<typeof ledgerOf>>,
  cents: number,
  refund: Pick<RefundEntry, 'refundRef' | 'delivery' | 'by' | 'reason' | 'at'>,
): Promise<void> {
  let left = cents;
  for (const balance of monthBalances(paymentEntries).reverse()) {
    for (const [paymentRef, held] of balance.byPayment) {
      if (left <= 0 || held <= 0) continue;
      const amountCents = Math.min(left, held);
      await recordRefund(tx, { subscriptionId, month: balance.month, paymentRef, amountCents, ...refund });
      left -= amountCents;
    }
  }
}

/**
 * The ledger's entries of one provider payment: a saved-card charge by its id, a checkout's
 * payment by its session. A saved-card charge not recorded yet (its answer not heard) is
 * refused, so the provider tells it again later, not taken as the checkout's.
 */
async function entriesOfPayment(tx: Db, subscription: SubscriptionDbRow, paymentId: string) {
  const charge = await chargeOf(tx, paymentId);
  const [tried] = charge
    ? []
    : await tx.select({ id: chargeAttempts.id }).from(chargeAttempts).where(eq(chargeAttempts.providerRef, paymentId));
  if (tried) throw new NotFoundError(`No recorded payment is ${paymentId}.`);
  const ofPayment = (ref: string) => (charge ? ref === paymentId : ref.startsWith(`checkout:${subscription.checkoutSessionId}`));
  return (await ledgerOf(tx, [subscription.id])).filter((entry) => ofPayment(entry.paymentRef));
}

/** A refund the provider reports on a payment (Stripe's charge.refunded): what has been refunded of it in all, so far. */
export interface ProviderRefundEvent {
  /** The provider's event id: applied once. */
  id: string;
  type: string;
  createdAt: Date;
  /** The provider's payment (a PaymentIntent id) and its customer. */
  paymentId: string;
  customerId: string | null;
  /** Everything refunded of the payment so far, ours included. */
  amountRefundedCents: number;
}

/**
 * Brings the ledger in step with a refund made at the provider (in Stripe's dashboard), once:
 * the event id is recorded, and what is recorded is the part of the payment's refunded total
 * the ledger does not hold yet, so a replay, an older event after a newer one, or our own
 * refund reported back records nothing more. The subscription row is locked first, so a refund
 * of ours still in its transaction is waited for. The refund comes off the months holding the
 * payment's money, the latest first, and keeps their deliveries (never charged again). A
 * payment the ledger does not know yet (its charge not recorded) is refused, so the provider
 * sends it again later: any order comes right.
 */
export async function applyProviderRefund(db: Db, event: ProviderRefundEvent): Promise<ProviderEventResult> {
  return inTransaction(db, async (tx) => {
    const charge = await chargeOf(tx, event.paymentId);
    const [owner] = charge
      ? await tx.select().from(subscriptions).where(eq(subscriptions.id, charge.subscriptionId)).for('update')
      : event.customerId
        ? await tx.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, event.customerId)).for('update')
        : [];
    // A saved-card charge is known by its payment id; any other payment of the customer is its checkout's.
    if (!owner || (!charge && !owner.checkoutSessionId)) throw new NotFoundError(`No recorded payment is ${event.paymentId}.`);
    const [fresh] = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return 'replayed';
    const entries = await entriesOfPayment(tx, owner, event.paymentId);
    const recorded = -entries.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amountCents, 0);
    const left = event.amountRefundedCents - recorded;
    if (left <= 0) return 'unchanged';
    await takeBack(tx, owner.id, entries, left, {
      refundRef: event.id,
      delivery: 'kept',
      by: { kind: 'provider', id: event.id },
      reason: 'Refunded in the payment provider’s dashboard',
      at: event.createdAt,
    });
    await announce(tx, { type: 'subscription-changed', subscriptionId: owner.id });
    return 'applied';
  });
}
