import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { chargeAttempts, paymentDisputes, providerEvents, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { lastDeliveryUnpaidEmail, paymentAuthenticationEmail, paymentFailedEmail, type MailSite } from '../mail/account-change-email';
import type { OutgoingMail } from '../mail/mailer';
import { announce } from '../infrastructure/change-feed';
import { deliveryDateOf } from './delivery-dates';
import { queueEmail } from '../infrastructure/email-outbox';
import { NotFoundError } from './errors';
import {
  carryPayments,
  chargeOf,
  ledgerOf,
  monthBalances,
  nextUnpaidMonth,
  recordPayment,
  recordRefund,
  type RefundEntry,
} from './payment-ledger';

/** What a payment provider says happened to a subscription. */
export type ProviderChange =
  /** A month was paid for: the one given, or (null) the next one that delivers and is not paid yet. */
  /** amountCents: what the provider says it took (the price, or what a month holding part of it still owed). */
  | { kind: 'payment-succeeded'; month: MonthKey | null; amountCents: number }
  /** A month's charge was declined: the one given, or (null) the next one not delivered yet. */
  | { kind: 'payment-failed'; month: MonthKey | null }
  /** The bank asks the subscriber to authenticate a month's charge, which they do at confirmUrl. */
  | { kind: 'needs-authentication'; month: MonthKey; confirmUrl: string };

export interface ProviderEvent {
  /** The provider's id of what happened (a payment, a decline): applied once. */
  id: string;
  type: string;
  /** When the provider says it happened: the order events are applied in. */
  createdAt: Date;
  /** Our subscription it concerns. */
  subscriptionId: string;
  change: ProviderChange;
}

/** applied: the subscription changed; unchanged: nothing to change; replayed: seen before; stale: older than what is applied. */
export type ProviderEventResult = 'applied' | 'unchanged' | 'replayed' | 'stale';

/** The last month whose delivery has gone out by that instant (its delivery day has come). */
async function lastDeliveredMonth(db: Db, at: Date): Promise<MonthKey> {
  const today = studioDate(at);
  const month = today.slice(0, 7);
  return (await deliveryDateOf(db, month)).date <= today ? month : addMonths(month, -1);
}

/** Keeps what a provider event changed in the subscription's history, sends its notice if any, and tells staff screens. */
async function recordProviderChange(
  tx: Db,
  subscription: SubscriptionDbRow,
  event: ProviderEvent,
  change: { from: object; to: object },
  notice: OutgoingMail | null,
): Promise<'applied'> {
  await tx.insert(subscriptionEvents).values({
    subscriptionId: subscription.id,
    actorKind: 'provider',
    actor: event.id,
    kind: 'status',
    detail: { event: event.type, ...change },
  });
  if (notice)
    await queueEmail(tx, event.change.kind === 'needs-authentication' ? 'payment-authentication' : 'payment-failed', notice, {
      subscriptionId: subscription.id,
    });
  await announce(tx, { type: 'subscription-changed', subscriptionId: subscription.id });
  return 'applied';
}

/**
 * A cancelled subscription still owes its last deliveries; when one of their charges is
 * declined, that month and any after it do not go out (nor are they tried again): the last
 * delivery moves before it, and the payer is told once. Anything else changes nothing.
 */
async function unpaidLastDelivery(
  tx: Db,
  subscription: SubscriptionDbRow,
  event: ProviderEvent,
  site: MailSite,
): Promise<ProviderEventResult> {
  const { change } = event;
  if (change.kind !== 'payment-failed' || !change.month || !subscription.endsAfter || change.month > subscription.endsAfter) return 'stale';
  const endsAfter = addMonths(change.month, -1);
  await tx
    .update(subscriptions)
    .set({
      endsAfter,
      statusFrom: change.month,
      providerSyncedAt: event.createdAt,
      statusChangedAt: event.createdAt,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, subscription.id));
  return recordProviderChange(
    tx,
    subscription,
    event,
    { from: { status: 'cancelled', endsAfter: subscription.endsAfter }, to: { status: 'cancelled', endsAfter } },
    lastDeliveryUnpaidEmail(subscription, site, formatMonth(change.month)),
  );
}

/**
 * Brings a subscription in step with its payments, once per event: a replay finds the event id
 * already recorded, and an event older than the last one applied changes nothing. A payment
 * is recorded for its month (a cancelled subscription's last months are still paid for), and
 * a declined charge holds deliveries from that month until a payment goes through. Each change
 * is kept in the subscription's history and announced to staff screens, and the first decline
 * sends the subscriber one notice.
 */
export async function applyProviderEvent(db: Db, event: ProviderEvent, site: MailSite): Promise<ProviderEventResult> {
  return inTransaction(db, async (tx) => {
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, event.subscriptionId)).for('update');
    if (!subscription) throw new NotFoundError(`There is no subscription ${event.subscriptionId}.`);
    const [fresh] = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return 'replayed';
    const { change } = event;

    // Money taken is recorded whatever else is true: it pays the month it was taken for.
    if (change.kind === 'payment-succeeded') {
      const month = change.month ?? (await nextUnpaidMonth(tx, subscription, event.createdAt));
      if (month) await recordPayment(tx, subscription.id, event.id, month, change.amountCents);
      // Paid after the delivery day of a month the subscription was held in: that month was not
      // delivered, so its money goes on to the next delivery, as the billing run carries it.
      if (subscription.status === 'past-due' || subscription.status === 'needs-authentication')
        await carryPayments(tx, subscription, event.createdAt, { kind: 'provider', id: event.id }, { heldPast: true });
    }
    if (subscription.providerSyncedAt && event.createdAt < subscription.providerSyncedAt) return 'stale';
    if (subscription.status === 'cancelled' && change.kind === 'needs-authentication')
      // Its last deliveries are not held by a status: the payer is asked to confirm, once.
      return recordProviderChange(
        tx,
        subscription,
        event,
        { from: { status: 'cancelled' }, to: { status: 'cancelled' } },
        authenticationEmail(subscription, site, change),
      );
    if (subscription.status === 'cancelled') return unpaidLastDelivery(tx, subscription, event, site);
    // A disputed charge holds the subscription until the dispute is closed, whatever its payments say.
    if (subscription.status === 'disputed') return 'unchanged';

    const status: SubscriptionStatus =
      change.kind === 'payment-failed'
        ? 'past-due'
        : change.kind === 'needs-authentication'
          ? 'needs-authentication'
          : subscription.status === 'past-due' || subscription.status === 'needs-authentication'
            ? 'active'
            : subscription.status;
    const changed = status !== subscription.status;
    // The first month a new status applies to: a declined month (or one awaiting authentication)
    // is held, and so is every later one until a payment goes through; otherwise the first
    // month not delivered yet.
    const statusFrom = (change.kind !== 'payment-succeeded' && change.month) || addMonths(await lastDeliveredMonth(tx, event.createdAt), 1);
    await tx
      .update(subscriptions)
      .set({
        status,
        providerSyncedAt: event.createdAt,
        ...(changed ? { statusChangedAt: event.createdAt, statusFrom, updatedAt: sql`now()` } : {}),
      })
      .where(eq(subscriptions.id, subscription.id));
    if (!changed) return 'unchanged';
    const notice =
      change.kind === 'needs-authentication'
        ? authenticationEmail(subscription, site, change)
        : status === 'past-due'
          ? paymentFailedEmail(subscription, site)
          : null;
    return recordProviderChange(tx, subscription, event, { from: { status: subscription.status }, to: { status } }, notice);
  });
}

const authenticationEmail = (subscription: SubscriptionDbRow, site: MailSite, change: { month: MonthKey; confirmUrl: string }) =>
  paymentAuthenticationEmail(subscription, site, formatMonth(change.month), change.confirmUrl);

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
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, event.subscriptionId)).for('update');
    if (!subscription) throw new NotFoundError(`There is no subscription ${event.subscriptionId}.`);
    const [fresh] = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return 'replayed';
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
