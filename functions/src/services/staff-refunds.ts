import { eq, sql } from 'drizzle-orm';
import { REFUND_MESSAGES, refundEmailLines, type StaffRefund } from '@blooms/shared/contract/billing';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { formatCents } from '@blooms/shared/contract/gifts';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { subscriptionEvents, subscriptions } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import { accountChangeEmail, type MailSite } from '../mail/account-change-email';
import type { PaymentProvider } from '../payments/provider';
import { deliveryDateOf } from './delivery-dates';
import { InvalidInputError, NotFoundError } from './errors';
import { carryPayments, ledgerOf, monthBalances, recordRefund, refundTargetOf } from './payment-ledger';

/**
 * An admin gives back part or all of what a month holds (a vase broken on the doorstep, a
 * missed delivery), with a reason the payer reads. The provider refunds each payment the money
 * came from, with an idempotency key made from how many refunds the subscription had before
 * (a retry after a crash makes the same key, so the same refund), and the ledger records it.
 * delivery 'kept': the month is still delivered and never charged again; 'dropped': a coming
 * month is skipped (what is left of its money carries on to the next delivery), a past one is
 * recorded as not delivered. The payer gets an e-mail. More than the month holds, nothing
 * held, no reason: refused, and nothing changes.
 */
export async function refundMonth(
  db: Db,
  provider: Pick<PaymentProvider, 'refund'>,
  site: MailSite,
  staffEmail: string,
  subscriptionId: string,
  refund: StaffRefund,
  now: Date,
): Promise<void> {
  const month = refund.month as MonthKey;
  const name = formatMonth(month);
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    if (!row) throw new NotFoundError('There is no such subscription.');
    const entries = await ledgerOf(tx, [row.id]);
    const held = monthBalances(entries).find((balance) => balance.month === month);
    if (!held || held.balanceCents <= 0) throw new InvalidInputError(REFUND_MESSAGES.nothingPaid(name));
    if (refund.amountCents > held.balanceCents) throw new InvalidInputError(REFUND_MESSAGES.tooMuch(name, formatCents(held.balanceCents)));

    const before = new Set(entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.entryRef)).size;
    let left = refund.amountCents;
    // The newest money first: a month holds one payment unless carries brought it more.
    for (const [paymentRef, cents] of [...held.byPayment].reverse()) {
      if (left === 0 || cents <= 0) continue;
      const amountCents = Math.min(left, cents);
      const target = refundTargetOf(paymentRef);
      const { ref } = await provider.refund({
        ...target,
        amountCents,
        idempotencyKey: `blooms-refund-${row.id}-staff-${before + 1}-${paymentRef}`,
        metadata: { subscription_id: row.id, month, by: staffEmail },
      });
      await recordRefund(tx, {
        subscriptionId: row.id,
        month,
        paymentRef,
        amountCents,
        refundRef: ref,
        delivery: refund.delivery,
        by: { kind: 'staff', id: staffEmail },
        reason: refund.reason,
        at: now,
      });
      left -= amountCents;
    }

    const past = (await deliveryDateOf(tx, month)).date < studioDate(now);
    if (refund.delivery === 'dropped' && !past && !row.skippedMonths.includes(month)) {
      const skippedMonths = [...row.skippedMonths, month].sort();
      await tx
        .update(subscriptions)
        .set({ skippedMonths, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, row.id));
      const carried = await carryPayments(tx, { ...row, skippedMonths }, now, { kind: 'staff', id: staffEmail });
      await tx.insert(subscriptionEvents).values({
        subscriptionId: row.id,
        actorKind: 'staff',
        actor: staffEmail,
        kind: 'skip',
        detail: { month, refunded: true, ...(carried.length > 0 ? { paymentsMoved: carried.map(({ from, to }) => ({ from, to })) } : {}) },
      });
    }
    await queueEmail(
      tx,
      'refund',
      accountChangeEmail(row, site, {
        subject: `Your refund for ${name}`,
        lines: refundEmailLines(formatCents(refund.amountCents), name, refund.reason, refund.delivery, past),
      }),
      { subscriptionId: row.id },
    );
    await announce(tx, { type: 'subscription-changed', subscriptionId: row.id });
  });
}
