import type { AccountMonth, AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { monthNameOf, type MonthKey } from '@blooms/shared/contract/months';

export const STATE_LABELS: Record<AccountMonth['state'], string> = {
  delivering: 'Delivering',
  'not-in-plan': 'Not in your plan',
  'before-first': 'Before your first delivery',
  skipped: 'Skipped',
  paused: 'Paused',
  stopped: 'On hold',
  ended: 'After your last delivery',
};

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What is charged for the month, and when; a gift paid up front paid for its months at checkout. */
export function chargeText(month: AccountMonth, prepaidGift = false): string {
  if (month.paid) return prepaidGift ? 'Included in your gift' : 'Paid';
  if (month.chargeCents > 0)
    return `${dollars(month.chargeCents)} on ${month.chargeDate ? formatDeliveryDate(month.chargeDate) : 'its delivery day'}`;
  return 'Nothing';
}

/** Until when the month may change, or why it no longer can. */
export function changeNote(month: AccountMonth): string | null {
  if (month.state !== 'delivering' && month.state !== 'skipped') return null;
  if (month.changeable) return `You can change it until the end of ${formatDeliveryDate(month.lastDayForChanges)}.`;
  return month.paid && month.state === 'delivering'
    ? 'Paid: it is sure to go out.'
    : `Too close to change: changes were due by ${formatDeliveryDate(month.lastDayForChanges)}.`;
}

/** Months as one short line: 'March, April' ('November 2026, ..., November 2027' where a name comes twice). */
export function foldedMonths(months: readonly MonthKey[]): string {
  const names = months.map(monthNameOf);
  return months
    .map((month, i) => (names.indexOf(names[i]!) !== names.lastIndexOf(names[i]!) ? `${names[i]} ${month.slice(0, 4)}` : names[i]))
    .join(', ');
}

/** The delivery the account leads with: the first coming month that delivers, or is held (a payment to settle) while the subscription runs. */
export function nextDeliveryOf(s: AccountSubscription): AccountMonth | null {
  const running = s.status !== 'cancelled' && s.status !== 'complete';
  return s.coming.find((month) => month.state === 'delivering' || (running && month.state === 'stopped')) ?? null;
}
