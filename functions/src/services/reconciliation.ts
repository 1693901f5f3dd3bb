import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { chargeAttempts, subscriptions } from '../db/schema';
import type { MailSite } from '../mail/account-change-email';
import type { ChargeOutcome } from '../payments/provider';
import type { IntentObject, ReconciledEvent } from '../payments/stripe-events';
import { settleChargeTry, type ChargeTry } from './billing';
import { applyDisputeEvent } from './money-back';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The try a PaymentIntent was made for: by its id, kept before it was confirmed; or, when the
 * id was not kept yet (a crash right after it was made), by the subscription, month and try
 * its metadata names, which then keeps it.
 */
async function tryOf(db: Db, intent: IntentObject): Promise<ChargeTry | null> {
  const [byRef] = await db.select().from(chargeAttempts).where(eq(chargeAttempts.providerRef, intent.id));
  if (byRef) return byRef;
  const { subscription_id: subscriptionId, month, attempt } = intent.metadata ?? {};
  if (!subscriptionId || !UUID.test(subscriptionId) || !month || !attempt || !/^\d{1,6}$/.test(attempt)) return null;
  const [byTry] = await db
    .select()
    .from(chargeAttempts)
    .where(
      and(eq(chargeAttempts.subscriptionId, subscriptionId), eq(chargeAttempts.month, month), eq(chargeAttempts.attempt, Number(attempt))),
    );
  if (!byTry || byTry.providerRef) return null;
  await db.update(chargeAttempts).set({ providerRef: intent.id }).where(eq(chargeAttempts.id, byTry.id));
  return { ...byTry, providerRef: intent.id };
}

/** What a payment_intent event says became of the charge. */
function outcomeOf(event: Extract<ReconciledEvent, { intent: IntentObject }>): ChargeOutcome {
  if (event.type === 'payment_intent.succeeded') return { status: 'paid', amountCents: event.intent.amount };
  const error = event.intent.last_payment_error;
  if (error?.code === 'authentication_required') return { status: 'needs-authentication' };
  return { status: 'declined', reason: error?.message ?? 'The card was declined.' };
}

/**
 * Applies what Stripe tells of a month's charge or a dispute, once and in any order, as the
 * billing worker applies its own answers (settleChargeTry: a try already paid stays paid, each
 * outcome goes through applyProviderEvent once). A payment made at checkout is found through
 * checkoutOfPayment (the checkout session that took it). Returns what was done, for the log;
 * an event about a payment that is not a subscription's ("not ours") changes nothing.
 */
export async function reconcileStripeEvent(
  db: Db,
  site: MailSite,
  event: ReconciledEvent,
  checkoutOfPayment: (paymentRef: string) => Promise<string | null>,
): Promise<string> {
  if ('intent' in event) {
    const tried = await tryOf(db, event.intent);
    return tried ? settleChargeTry(db, tried, outcomeOf(event), event.createdAt, site) : 'not ours';
  }
  const { dispute } = event;
  const paymentRef = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent.id;
  const [charged] = await db
    .select({ subscriptionId: chargeAttempts.subscriptionId })
    .from(chargeAttempts)
    .where(eq(chargeAttempts.providerRef, paymentRef));
  let subscriptionId = charged?.subscriptionId ?? null;
  if (!subscriptionId) {
    const sessionId = await checkoutOfPayment(paymentRef);
    const [row] = sessionId
      ? await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId))
      : [];
    subscriptionId = row?.id ?? null;
  }
  if (!subscriptionId) return 'not ours';
  return applyDisputeEvent(db, {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    subscriptionId,
    dispute: { id: dispute.id, paymentRef, amountCents: dispute.amount, reason: dispute.reason ?? '', status: dispute.status },
  });
}
