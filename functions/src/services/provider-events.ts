import { eq, sql } from 'drizzle-orm';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { providerEvents, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { lastDeliveryUnpaidEmail, paymentAuthenticationEmail, paymentFailedEmail, type MailSite } from '../mail/account-change-email';
import type { OutgoingMail } from '../mail/mailer';
import { announce } from '../infrastructure/change-feed';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { queueEmail } from '../infrastructure/email-outbox';
import { NotFoundError } from '../domain/errors';
import { carryPayments, recordPayment } from './payment-ledger';
import { nextUnpaidMonth } from '../read-models/ledger';

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
export async function lastDeliveredMonth(db: Db, at: Date): Promise<MonthKey> {
  const today = studioDate(at);
  const month = today.slice(0, 7);
  return (await deliveryDateOf(db, month)).date <= today ? month : addMonths(month, -1);
}

/**
 * The subscription a provider event concerns, locked for the event's transaction; null when the
 * event was applied before (its id is recorded here, so each counts once).
 */
export async function lockedForNewEvent(
  tx: Db,
  event: { id: string; type: string; subscriptionId: string },
): Promise<SubscriptionDbRow | null> {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, event.subscriptionId)).for('update');
  if (!subscription) throw new NotFoundError(`There is no subscription ${event.subscriptionId}.`);
  const [fresh] = await tx.insert(providerEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  return fresh ? subscription : null;
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
    const subscription = await lockedForNewEvent(tx, event);
    if (!subscription) return 'replayed';
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
