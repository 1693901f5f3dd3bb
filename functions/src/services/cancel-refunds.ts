import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import type { SubscriptionDbRow } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { recordRefund, refundTargetOf, type LedgerActor } from './payment-ledger';
import { heldForUndeliveredMonths, ledgerOf, type HeldMoney } from '../read-models/ledger';

export interface CancelRefund {
  amountCents: number;
  months: MonthKey[];
}

/**
 * Gives back to the card that paid the money a cancellation would keep for months never
 * delivered (heldForUndeliveredMonths), one provider refund per payment, and records each in
 * the ledger. Runs inside the cancel's transaction: should the provider fail, nothing is
 * cancelled and the payer tries again with the same idempotency keys (one cancel per
 * subscription), so each refund is made once.
 */
export async function refundUndeliveredMonths(
  tx: Db,
  provider: Pick<PaymentProvider, 'refund'>,
  row: SubscriptionDbRow,
  endsAfter: MonthKey,
  lastDelivered: MonthKey,
  by: LedgerActor,
  now: Date,
): Promise<CancelRefund | null> {
  const held = heldForUndeliveredMonths(await ledgerOf(tx, [row.id]), row, endsAfter, lastDelivered);
  if (held.length === 0) return null;
  // One refund per provider payment: a prepaid gift's months all came from its one checkout.
  const byTarget = new Map<string, HeldMoney[]>();
  for (const money of held) {
    const target = refundTargetOf(money.paymentRef);
    const key = 'checkoutSessionId' in target ? `checkout:${target.checkoutSessionId}` : target.paymentId;
    byTarget.set(key, [...(byTarget.get(key) ?? []), money]);
  }
  for (const [key, parts] of byTarget) {
    const target = refundTargetOf(parts[0]!.paymentRef);
    const months = [...new Set(parts.map((part) => part.month))].sort();
    const { ref } = await provider.refund({
      ...target,
      amountCents: parts.reduce((sum, part) => sum + part.cents, 0),
      idempotencyKey: key.startsWith('checkout:') ? `blooms-refund-${row.id}` : `blooms-refund-${row.id}-${key}`,
      metadata: { subscription_id: row.id, months: months.join(',') },
    });
    for (const part of parts)
      await recordRefund(tx, {
        subscriptionId: row.id,
        month: part.month,
        paymentRef: part.paymentRef,
        amountCents: part.cents,
        refundRef: ref,
        delivery: 'dropped',
        by,
        reason: 'Cancelled: this month is not delivered',
        at: now,
      });
  }
  return {
    amountCents: held.reduce((sum, money) => sum + money.cents, 0),
    months: [...new Set(held.map((money) => money.month))].sort(),
  };
}
