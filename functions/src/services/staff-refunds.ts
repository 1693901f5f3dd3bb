import { and, eq, sql } from 'drizzle-orm';
import { REFUND_MESSAGES, refundEmailLines, type StaffRefund } from '@blooms/shared/contract/billing';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { formatCents } from '@blooms/shared/contract/gifts';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { inTransaction, type Db } from '../db/database';
import { deliveries, staffRefundRequests, subscriptionEvents, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { queueEmail } from '../infrastructure/email-outbox';
import { accountChangeEmail, type MailSite } from '../mail/account-change-email';
import type { PaymentProvider } from '../payments/provider';
import { deliveryDateOf } from '../read-models/delivery-dates';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain/errors';
import { deliversOnceReleased } from '../domain/lifecycle';
import { carryPayments, recordRefund, refundTargetOf } from './payment-ledger';
import { ledgerOf, monthBalances, type MonthBalance } from '../read-models/ledger';

/**
 * What the deliveries after a month could still take of its money once it is dropped, when the
 * subscription has an end (cancelled, a gift): the price each, less what it holds. Null when it
 * runs on: next year's month can always take it.
 */
function roomAfterDropping(row: SubscriptionDbRow, month: MonthKey, balances: MonthBalance[]): number | null {
  if (row.endsAfter === null) return null;
  const dropped = { ...row, skippedMonths: [...row.skippedMonths, month] };
  let room = 0;
  for (let later = addMonths(month, 1); later <= row.endsAfter; later = addMonths(later, 1)) {
    const holds = balances.find((balance) => balance.month === later)?.balanceCents ?? 0;
    if (deliversOnceReleased(dropped, later)) room += PRICE_PER_MONTH_CENTS - Math.min(PRICE_PER_MONTH_CENTS, Math.max(0, holds));
  }
  return room;
}

/**
 * An admin gives back part or all of what a month holds (a vase broken on the doorstep, a
 * missed delivery), with a reason the payer reads. The provider refunds each payment the money
 * came from, with an idempotency key made from the one the refund form sent (else from how
 * many refunds the subscription had before), and the ledger records it. A request whose key
 * made a refund before (sent again, or twice at once) refunds and e-mails nothing more.
 * delivery 'kept': the month is still delivered and never charged again; 'dropped': a coming
 * month is skipped (what is left of its money carries on to the next delivery), a past one is
 * recorded as not delivered. The payer gets an e-mail. More than the month holds, nothing
 * held, no reason, or part of a month not delivered whose rest no later delivery could take:
 * refused, and nothing changes.
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
    // Its key made it before (the lock above waited for a request of it still under way): nothing more is refunded.
    if (refund.idempotencyKey && (await madeBefore(tx, row.id, refund))) return;
    const entries = await ledgerOf(tx, [row.id]);
    const balances = monthBalances(entries);
    const held = balances.find((balance) => balance.month === month);
    if (!held || held.balanceCents <= 0) throw new InvalidInputError(REFUND_MESSAGES.nothingPaid(name));
    if (refund.amountCents > held.balanceCents) throw new InvalidInputError(REFUND_MESSAGES.tooMuch(name, formatCents(held.balanceCents)));

    // A month delivered already (on its day, before the day is over) stands as recorded, as a past one does.
    const [delivered] = await tx
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(and(eq(deliveries.subscriptionId, row.id), eq(deliveries.month, month), eq(deliveries.status, 'delivered')));
    const past = Boolean(delivered) || (await deliveryDateOf(tx, month)).date < studioDate(now);
    const rest = held.balanceCents - refund.amountCents;
    const room = roomAfterDropping(row, month, balances);
    if (refund.delivery === 'dropped' && !past && rest > 0 && room !== null && rest > room)
      throw new InvalidInputError(REFUND_MESSAGES.restHasNowhere(name, formatCents(rest)));

    // The client's key, or (a client sending none) how many refunds the subscription had before: a retry after a crash makes the same.
    const key =
      refund.idempotencyKey ?? String(new Set(entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.entryRef)).size + 1);
    let left = refund.amountCents;
    // The newest money first: a month holds one payment unless carries brought it more.
    for (const [paymentRef, cents] of [...held.byPayment].reverse()) {
      if (left === 0 || cents <= 0) continue;
      const amountCents = Math.min(left, cents);
      const target = refundTargetOf(paymentRef);
      const { ref } = await provider.refund({
        ...target,
        amountCents,
        idempotencyKey: `blooms-refund-${row.id}-staff-${key}-${paymentRef}`,
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
    if (refund.idempotencyKey)
      await tx.insert(staffRefundRequests).values({
        subscriptionId: row.id,
        idempotencyKey: refund.idempotencyKey,
        request: requestOf(refund),
        madeBy: staffEmail,
      });
    await announce(tx, { type: 'subscription-changed', subscriptionId: row.id });
  });
}

/** What a refund asked for, as its key is kept with it. */
const requestOf = ({ month, amountCents, reason, delivery }: StaffRefund) => ({ month, amountCents, reason, delivery });

/** Whether the refund's key was made before; the same key with another refund is refused. */
async function madeBefore(tx: Db, subscriptionId: string, refund: StaffRefund): Promise<boolean> {
  const [made] = await tx
    .select({ request: staffRefundRequests.request })
    .from(staffRefundRequests)
    .where(and(eq(staffRefundRequests.subscriptionId, subscriptionId), eq(staffRefundRequests.idempotencyKey, refund.idempotencyKey!)));
  if (!made) return false;
  const asked = requestOf(refund);
  const before = made.request as Partial<typeof asked>;
  if ((Object.keys(asked) as (keyof typeof asked)[]).some((field) => before[field] !== asked[field]))
    throw new ConflictError(REFUND_MESSAGES.keyUsed);
  return true;
}
