import { and, eq, gt, lte, type Placeholder } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
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
import { subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import { giftEndedEmail, type MailSite } from '../mail/account-change-email';
import type { CancelRefund } from './cancel-refunds';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { recordPayment } from './payment-ledger';

/**
 * What a paid checkout pays for: the first delivery, or each delivery of a gift paid up front,
 * one payment per month it delivers in (so skips carry them on as any paid month is carried).
 */
export async function recordCheckoutPayments(tx: Db, row: SubscriptionDbRow, sessionId: string, firstMonth: MonthKey): Promise<void> {
  if (!isPrepaidGift(row)) {
    await recordPayment(tx, row.id, `checkout:${sessionId}`, firstMonth, PRICE_PER_MONTH_CENTS);
    return;
  }
  const months = giftDeliveryMonths(row, giftDeliveriesOf(row), firstMonth);
  for (const [i, month] of months.entries())
    await recordPayment(tx, row.id, i === 0 ? `checkout:${sessionId}` : `checkout:${sessionId}:${i + 1}`, month, PRICE_PER_MONTH_CENTS);
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

/** The cancel e-mail's line about a refund: "The 2 deliveries not made, $198, are refunded to your card." */
export function refundLine(refund: CancelRefund): string {
  return `The ${deliveriesText(refund.months.length)} not made, ${formatCents(refund.amountCents)}, ${refund.months.length === 1 ? 'is' : 'are'} refunded to your card.`;
}

/** Running gifts whose last month has come by the month given (its delivery day may still be ahead). */
export const endingGifts = (month: MonthKey | Placeholder) =>
  and(gt(subscriptions.giftDeliveries, 0), eq(subscriptions.status, 'active'), lte(subscriptions.endsAfter, month));

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
    .where(endingGifts(today.slice(0, 7)));
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
