import { CANCEL_REASONS, MAX_PAUSE_MONTHS, type AccountSubscription, type CancelReason } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { Account } from '@blooms/shared/contract/account';
import { accountApi } from './account-session';

/** Instead of cancelling: the change that fits the reason, ready to make; null when none fits or no month is open to it. */
export interface CancelOffer {
  label: string;
  why: string;
  /** Makes the change (a call of the account API). */
  make: () => Promise<Account>;
  done: string;
  /** Takes it back. */
  undo: () => Promise<Account>;
}

export function offerFor(s: AccountSubscription, reason: CancelReason): CancelOffer | null {
  const kind = CANCEL_REASONS.find((r) => r.id === reason)?.offer;
  const next = s.coming.find((month) => month.changeable && month.state === 'delivering');
  if (!kind || !next || s.pausedFrom) return null;
  const name = formatMonth(next.month);
  if (kind === 'skip') {
    return {
      label: `Skip ${name} instead`,
      why: `Skip a month, or several, and pay nothing for them: your plan stays, and you can bring a month back until ${formatDeliveryDate(next.lastDayForChanges)}.${s.plan === 'custom' ? ' You can also choose fewer months above.' : ''}`,
      make: () => accountApi.skipMonth({ params: { id: s.id, month: next.month }, query: { insteadOf: reason } }),
      done: ACCOUNT_DONE.skipped(name, formatDeliveryDate(next.date)),
      undo: () => accountApi.unskipMonth({ params: { id: s.id, month: next.month } }),
    };
  }
  const until: MonthKey = addMonths(next.month, MAX_PAUSE_MONTHS - 1);
  return {
    label: `Pause ${name} to ${formatMonth(until)} instead`,
    why: 'Away for a while? Pause up to three months: nothing is delivered or charged, and deliveries start again by themselves.',
    make: () =>
      accountApi.pause({ params: { id: s.id }, query: { insteadOf: reason }, body: { from: next.month, months: MAX_PAUSE_MONTHS } }),
    done: ACCOUNT_DONE.paused(name, formatMonth(until)),
    undo: () => accountApi.resume({ params: { id: s.id } }),
  };
}
