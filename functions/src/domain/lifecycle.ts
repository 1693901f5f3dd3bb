import { monthState, type DeliveryPlan, type Lifecycle } from '@blooms/shared/contract/lifecycle';
import type { MonthKey } from '@blooms/shared/contract/months';

/** A subscription row's lifecycle, as the delivery rules read it (contract/lifecycle.ts). */
export function lifecycleOf(row: Lifecycle): Lifecycle {
  return { status: row.status, statusFrom: row.statusFrom, endsAfter: row.endsAfter };
}

/**
 * Whether a month goes out once it is paid for: what the month's charge pays. A past-due
 * subscription's months, or one awaiting the subscriber's authentication, are held only until a
 * payment goes through.
 */
export function deliversOncePaid(row: DeliveryPlan & Lifecycle, month: MonthKey): boolean {
  const lifecycle = lifecycleOf(row);
  const heldUntilPaid = row.status === 'past-due' || row.status === 'needs-authentication';
  return monthState(row, heldUntilPaid ? { ...lifecycle, status: 'active' } : lifecycle, month) === 'delivering';
}

/**
 * Whether a month goes out once whatever holds the subscription lets go: a payment not gone
 * through, or a dispute with the payer's bank. Where money paid for a held month goes on to.
 */
export function deliversOnceReleased(row: DeliveryPlan & Lifecycle, month: MonthKey): boolean {
  return deliversOncePaid(row.status === 'disputed' ? { ...row, status: 'active' } : row, month);
}
