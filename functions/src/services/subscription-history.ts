import { and, eq } from 'drizzle-orm';
import type { HistoryActor, HistoryEvent, SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { personName, personWithEmail } from '@blooms/shared/contract/people';
import type { Db } from '../db/database';
import {
  chargeAttempts,
  checkoutSessions,
  deliveryEvents,
  emailOutbox,
  ledgerEntries,
  subscriptionEvents,
  subscriptions,
  users,
} from '../db/schema';
import { NotFoundError } from '../domain/errors';
import { monthBalances, paymentHistory } from '../read-models/ledger';
import { deliveryDayMessages, textConsentHistory, textStateOf } from '../read-models/texts';
import { planLabel } from '@blooms/shared/contract/gifts';
import { isGift } from '@blooms/shared/contract/subscriber';

/**
 * Everything that happened to a subscription, newest first, from the tables that record it:
 * the subscription itself (subscribed), subscription_events (each change and who made it),
 * ledger_entries (charges and refunds), charge_attempts (declines), delivery_events (statuses, assignments, door photos)
 * and email_outbox (each e-mail it was sent, sent or not); apart, the delivery-day e-mails and
 * texts with where each stands, and the text consents given and withdrawn. A door photo's link is the caller's
 * to make (photoUrl), from the event that left it.
 */
export async function subscriptionHistory(
  db: Db,
  subscriptionId: string,
  photoUrl: (eventId: number) => string,
): Promise<SubscriptionHistory> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!subscription) throw new NotFoundError('There is no such subscription.');
  const [changes, paid, declined, deliveries, emails, staff, [checkout]] = await Promise.all([
    db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, subscriptionId)),
    db
      .select()
      .from(chargeAttempts)
      .where(and(eq(chargeAttempts.subscriptionId, subscriptionId), eq(chargeAttempts.outcome, 'declined'))),
    db.select().from(deliveryEvents).where(eq(deliveryEvents.subscriptionId, subscriptionId)),
    db.select().from(emailOutbox).where(eq(emailOutbox.subscriptionId, subscriptionId)),
    db.select({ name: users.name, email: users.email }).from(users),
    subscription.checkoutSessionId
      ? db
          .select({ provider: checkoutSessions.provider })
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, subscription.checkoutSessionId))
      : Promise.resolve([]),
  ]);
  const staffNames = new Map(staff.map((user) => [user.email.toLowerCase(), user.name]));
  // A staff member as every screen names them (personName), with the e-mail beside it; one added by e-mail alone (ADMIN_EMAILS) has no name.
  const person = (email: string) => ({ name: personName({ name: staffNames.get(email.toLowerCase()), email }), email });
  const staffMember = (email: string): HistoryActor => ({ kind: 'staff', ...person(email) });
  const payer = subscription.buyerEmail
    ? { name: subscription.buyerName, email: subscription.buyerEmail }
    : { name: `${subscription.firstName} ${subscription.lastName}`, email: subscription.email };

  const events: HistoryEvent[] = [
    {
      kind: 'subscribed',
      at: subscription.createdAt.toISOString(),
      by: {
        kind: 'subscriber',
        name: `${personWithEmail(payer)}${checkout ? `, ${checkout.provider === 'stripe' ? 'Stripe' : 'test'} checkout` : ''}`,
      },
      plan: subscription.plan,
      ...(isGift(subscription) ? { label: planLabel({ ...subscription, gift: true }) } : {}),
      months: subscription.months,
      giftFrom: subscription.buyerEmail ? subscription.buyerName : null,
    },
    ...changes.map((change): HistoryEvent => ({
      kind: 'change',
      at: change.at.toISOString(),
      by:
        change.actorKind === 'staff'
          ? staffMember(change.actor)
          : change.actorKind === 'provider'
            ? { kind: 'provider', name: 'The payment provider' }
            : { kind: 'subscriber', name: change.actor },
      change: change.kind,
      detail: change.detail as Record<string, unknown>,
    })),
    // One event per provider payment: a prepaid gift's checkout is one payment of all its months.
    ...paymentHistory(paid).map((payment): HistoryEvent => ({
      kind: 'payment',
      at: payment.paidAt.toISOString(),
      month: payment.charges[0]!.chargedFor,
      amountCents: payment.amountCents,
      atCheckout: payment.paymentRef.startsWith('checkout:'),
      months: payment.charges.map((charge) => charge.chargedFor).sort(),
    })),
    ...paid
      .filter((entry) => entry.kind === 'refund')
      .map((refund): HistoryEvent => ({
        kind: 'refund',
        at: refund.at.toISOString(),
        month: refund.month,
        by:
          refund.actorKind === 'staff'
            ? staffMember(refund.actor)
            : refund.actorKind === 'provider'
              ? { kind: 'provider', name: 'The payment provider' }
              : { kind: 'subscriber', name: refund.actor },
        amountCents: -refund.amountCents,
        reason: refund.reason,
        delivery: refund.delivery ?? 'kept',
      })),
    ...declined.map((attempt): HistoryEvent => ({
      kind: 'charge-declined',
      at: attempt.at.toISOString(),
      month: attempt.month,
      attempt: attempt.attempt,
      reason: attempt.reason,
    })),
    ...deliveries.map((event): HistoryEvent => {
      const detail = event.detail as Record<string, unknown>;
      return {
        kind: 'delivery',
        at: event.at.toISOString(),
        month: event.month,
        by: staffMember(event.actorEmail),
        change: event.kind,
        detail,
        photoUrl: photoKeyOf(event.kind, detail) ? photoUrl(event.id) : null,
        ...(event.kind === 'assign' && typeof detail.to === 'string' ? { assignee: person(detail.to) } : {}),
      };
    }),
    ...emails.map((mail): HistoryEvent => ({
      kind: 'email',
      at: mail.createdAt.toISOString(),
      subject: mail.subject,
      state: mail.sentAt ? 'sent' : mail.gaveUpAt ? 'given-up' : 'waiting',
      sentAt: mail.sentAt?.toISOString() ?? null,
      attempts: mail.attempts,
    })),
  ];
  // Newest first; what happened in one transaction keeps its order (subscribed before its e-mail).
  const order = (event: HistoryEvent) =>
    ['subscribed', 'payment', 'change', 'refund', 'charge-declined', 'delivery', 'email'].indexOf(event.kind);
  events.sort((a, b) => b.at.localeCompare(a.at) || order(b) - order(a));
  return {
    subscription: {
      id: subscription.id,
      name: `${subscription.firstName} ${subscription.lastName}`,
      email: subscription.email,
      status: subscription.status,
      createdAt: subscription.createdAt.toISOString(),
    },
    events,
    refundable: monthBalances(paid)
      .filter((balance) => balance.balanceCents > 0)
      .map((balance) => ({ month: balance.month, heldCents: balance.balanceCents })),
    deliveryDayMessages: await deliveryDayMessages(db, subscriptionId),
    texts: await textStateOf(db, subscriptionId),
    textConsents: await textConsentHistory(db, subscriptionId),
  };
}

/** The door photo a delivery event left: a proof's photo, or the one an undo put back. */
function photoKeyOf(kind: string, detail: Record<string, unknown>): string | null {
  const key = kind === 'proof' ? detail.photo : detail.restoredPhoto;
  return typeof key === 'string' ? key : null;
}

/** The door photo of one of the subscription's delivery events, or null. */
export async function historyPhotoKey(db: Db, subscriptionId: string, eventId: number): Promise<string | null> {
  const [event] = await db
    .select()
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.id, eventId), eq(deliveryEvents.subscriptionId, subscriptionId)));
  return event ? photoKeyOf(event.kind, event.detail as Record<string, unknown>) : null;
}
