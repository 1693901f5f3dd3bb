import { and, eq, gt, inArray, isNull, like, lte } from 'drizzle-orm';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import {
  deliveriesText,
  formatCents,
  giftDeliveriesOf,
  giftDeliveryMonths,
  giftLastMonth,
  isPrepaidGift,
} from '@blooms/shared/contract/gifts';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { payments, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import { giftEndedEmail, type MailSite } from '../mail/account-change-email';
import type { PaymentProvider } from '../payments/provider';
import { deliveryDateOf } from './delivery-dates';
import { recordPayment } from './payment-ledger';

/**
 * What a paid checkout pays for: the first delivery, or each delivery of a gift paid up front,
 * one payment per month it delivers in (so skips carry them on as any paid month is carried).
 */
export async function recordCheckoutPayments(tx: Db, row: SubscriptionDbRow, sessionId: string, firstMonth: MonthKey): Promise<void> {
  if (!isPrepaidGift(row)) {
    await recordPayment(tx, row.id, `checkout:${sessionId}`, firstMonth);
    return;
  }
  const months = giftDeliveryMonths(row, giftDeliveriesOf(row), firstMonth);
  for (const [i, month] of months.entries())
    await recordPayment(tx, row.id, i === 0 ? `checkout:${sessionId}` : `checkout:${sessionId}:${i + 1}`, month);
}

/**
 * The end a change leaves a subscription with: a running gift of a set number of deliveries ends
 * with its last delivering month, wherever skips, a pause or other months put it; a cancelled
 * subscription, or one that is not such a gift, keeps the end it has.
 */
export function endAfterChange(next: SubscriptionDbRow): MonthKey | null {
  if (giftDeliveriesOf(next) === 0 || next.status === 'cancelled' || next.status === 'complete') return next.endsAfter;
  return giftLastMonth(next);
}

/** A prepaid gift's payments for the months after `endsAfter` not yet given back: what cancelling refunds. */
export async function unmadePrepaidPayments(tx: Db, row: SubscriptionDbRow, endsAfter: MonthKey) {
  if (!isPrepaidGift(row)) return [];
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, row.id),
        gt(payments.month, endsAfter),
        isNull(payments.refundedAt),
        like(payments.providerRef, 'checkout:%'),
      ),
    );
}

export interface GiftRefund {
  amountCents: number;
  months: MonthKey[];
}

/**
 * Gives back to the buyer's card a cancelled prepaid gift's deliveries that will not be made
 * (those after its new end), and marks their payments refunded. Runs inside the cancel's
 * transaction: should the provider fail, nothing is cancelled and the buyer tries again, with
 * the same idempotency key (one cancel per subscription), so a refund is made once.
 */
export async function refundUnmadeDeliveries(
  tx: Db,
  provider: Pick<PaymentProvider, 'refund'>,
  row: SubscriptionDbRow,
  endsAfter: MonthKey,
  now: Date,
): Promise<GiftRefund | null> {
  const unmade = await unmadePrepaidPayments(tx, row, endsAfter);
  if (unmade.length === 0 || !row.checkoutSessionId) return null;
  const amountCents = unmade.reduce((sum, payment) => sum + payment.amountCents, 0);
  const months = unmade.map((payment) => payment.month).sort();
  const { ref } = await provider.refund({
    checkoutSessionId: row.checkoutSessionId,
    amountCents,
    idempotencyKey: `blooms-refund-${row.id}`,
    metadata: { subscription_id: row.id, months: months.join(',') },
  });
  await tx
    .update(payments)
    .set({ refundedAt: now, refundRef: ref })
    .where(
      inArray(
        payments.id,
        unmade.map((payment) => payment.id),
      ),
    );
  return { amountCents, months };
}

/** The cancel e-mail's and the account's line about a refund: "The 2 deliveries not made, $198, are refunded to your card." */
export function refundLine(refund: GiftRefund): string {
  return `The ${deliveriesText(refund.months.length)} not made, ${formatCents(refund.amountCents)}, ${refund.months.length === 1 ? 'is' : 'are'} refunded to your card.`;
}

/**
 * Ends every running gift whose last delivery day has passed: it becomes 'complete' (staff and
 * the account say "Gift complete"), and the buyer gets one "Your gift to … has ended" e-mail.
 * The change of status is the once: two runs at the same time, or a run repeated, find the
 * gift no longer active and send nothing more. Returns how many gifts ended.
 */
export async function completeGifts(db: Db, site: MailSite, now: Date): Promise<number> {
  const today = studioDate(now);
  const running = await db
    .select()
    .from(subscriptions)
    .where(and(gt(subscriptions.giftDeliveries, 0), eq(subscriptions.status, 'active'), lte(subscriptions.endsAfter, today.slice(0, 7))));
  let ended = 0;
  for (const row of running) {
    const last = row.endsAfter!;
    if ((await deliveryDateOf(db, last)).date >= today) continue;
    const done = await inTransaction(db, async (tx) => {
      const [changed] = await tx
        .update(subscriptions)
        .set({ status: 'complete', statusFrom: addMonths(last, 1), statusChangedAt: now, updatedAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, 'active'), eq(subscriptions.endsAfter, last)))
        .returning();
      if (!changed) return false;
      await tx.insert(subscriptionEvents).values({
        subscriptionId: row.id,
        actorKind: 'provider',
        actor: 'gift-end',
        kind: 'gift-complete',
        detail: { lastMonth: last, deliveries: giftDeliveriesOf(row) },
      });
      await queueEmail(tx, 'gift-ended', giftEndedEmail(changed, site, formatMonth(last)), { subscriptionId: row.id });
      await announce(tx, { type: 'subscription-changed', subscriptionId: row.id });
      return true;
    });
    if (done) ended++;
  }
  return ended;
}
