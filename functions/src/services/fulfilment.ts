import { eq, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../db/database';
import { checkoutSessions, type CheckoutSessionRow } from '../db/schema';
import { deliverToLine, type OrderSummary } from '@blooms/shared/contract/order';
import { isGift } from '@blooms/shared/contract/subscriber';
import { firstDeliveryFor } from '../read-models/delivery-dates';
import { insertSubscription } from './subscriptions';
import type { Logger } from '../infrastructure/logger';
import { queueEmail } from '../infrastructure/email-outbox';
import type { ProviderLink } from '../payments/provider';
import { confirmationEmail } from '../mail/confirmation-email';
import type { MailSite } from '../mail/account-change-email';
import { recordCheckoutPayments } from './gifts';
import { recordSubscribeConsent } from './texts';
import { checkoutAmountCents, giftDeliveriesOf } from '@blooms/shared/contract/gifts';

export type FulfilmentResult = 'created' | 'already-fulfilled' | 'unknown-session';

/**
 * Turns a paid checkout into a subscription, linked to the provider's customer and
 * subscription, once: the webhook, the confirmation page and
 * any replay may all call this, concurrently too; the unique checkout_session_id decides
 * which one creates the subscription, and only that one queues the confirmation e-mail, in
 * the same transaction (the outbox worker sends it), with the payment it took for the first delivery.
 * Monthly deliveries follow from the subscription's months; a month's delivery row is
 * written when staff first act on it.
 */
export function createFulfilment(db: Db, site: MailSite, log: Logger, clock: () => Date) {
  return async function fulfil(sessionId: string, link: ProviderLink): Promise<FulfilmentResult> {
    const created = await inTransaction(db, async (tx) => {
      const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for('update');
      if (!session) return null;
      const order = await orderSummaryOf(tx, session, clock());
      const row = await insertSubscription(tx, session.subscriber, { checkoutSessionId: sessionId, ...link }, order.firstDelivery?.date);
      if (row) {
        // The checkout's payment is the first delivery's, or a prepaid gift's every delivery.
        if (order.firstDelivery) await recordCheckoutPayments(tx, row, sessionId, order.firstDelivery.month);
        if (session.textConsent) await recordSubscribeConsent(tx, row.id, session.textConsent);
        await queueEmail(tx, 'subscription-confirmed', confirmationEmail(row, site, order), { subscriptionId: row.id });
      }
      await tx
        .update(checkoutSessions)
        .set({ status: 'paid', paidAt: sql`coalesce(${checkoutSessions.paidAt}, now())` })
        .where(eq(checkoutSessions.id, sessionId));
      return row ?? false;
    });
    if (created === null) return 'unknown-session';
    if (created === false) return 'already-fulfilled';
    log.info({ subscriptionId: created.id, sessionId }, 'subscription created');
    return 'created';
  };
}

export type Fulfil = ReturnType<typeof createFulfilment>;

/** What a checkout bought, for the confirmation page and e-mail. */
export async function orderSummaryOf(
  db: Db,
  session: Pick<CheckoutSessionRow, 'subscriber' | 'provider'>,
  now: Date,
): Promise<OrderSummary> {
  const s = session.subscriber;
  return {
    firstName: s.firstName,
    plan: s.plan,
    months: s.months,
    deliverTo: deliverToLine(s),
    firstDelivery: await firstDeliveryFor(db, s.months, now),
    gift: isGift(s)
      ? {
          recipient: `${s.firstName} ${s.lastName}`,
          message: s.giftMessage,
          deliveries: giftDeliveriesOf(s),
          prepaidCents: s.giftPayment === 'prepaid' ? checkoutAmountCents(s) : 0,
        }
      : null,
    payments: session.provider,
  };
}
