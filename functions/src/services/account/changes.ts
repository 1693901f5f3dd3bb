import { changesAllowed, formatDeliveryDate, studioDate, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES, ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { ALL_MONTH_NUMBERS, addMonths, monthList } from '@blooms/shared/contract/months';
import type { AddressChange, CancelRequest } from '@blooms/shared/contract/account-api';
import { MONEY_RULE } from '@blooms/shared/contract/site';
import { deliverToLine } from '@blooms/shared/contract/order';
import { inTransaction } from '../../db/database';
import { cancellationReasons, type SubscriptionDbRow } from '../../db/schema';
import { deliveryDatesBetween } from '../../read-models/delivery-dates';
import { InvalidInputError } from '../../domain/errors';
import { paidMonthsOf } from '../../read-models/ledger';
import { lastDeliveryKept } from '../../read-models/account';
import { refundLine } from '../gifts';
import { refundUndeliveredMonths, type CancelRefund } from '../cancel-refunds';
import { isPrepaidGift } from '@blooms/shared/contract/gifts';
import { lockOwn, lockedMonth, apply, type AccountChangeContext } from './change';

/**
 * Sets a Custom plan's months. Each month added or dropped changes its next delivery, so that
 * delivery must still be open to changes (not inside its notice); else nothing changes. A paid
 * month dropped hands its payment on (carryPayments).
 */
export async function changeMonths(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  months: number[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (row.plan !== 'custom') throw new InvalidInputError(ACCOUNT_MESSAGES.yearlyMonths);
    const changed = ALL_MONTH_NUMBERS.filter((month) => row.months.includes(month) !== months.includes(month));
    if (changed.length === 0) return;
    const today = studioDate(now);
    const thisMonth = today.slice(0, 7);
    const coming = (await deliveryDatesBetween(tx, thisMonth, addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD))).filter(
      (day) => day.date >= today,
    );
    for (const number of changed) {
      const next = coming.find((day) => Number(day.month.slice(5, 7)) === number)!;
      if (!changesAllowed(next.date, now)) throw lockedMonth(next);
    }
    await apply(tx, row, email, site, now, {
      kind: 'months',
      set: { months },
      detail: { from: row.months, to: months },
      email: {
        subject: 'Your delivery months are changed',
        lines: [
          `Your flowers now come in ${monthList(months)}: ${months.length} ${months.length === 1 ? 'delivery' : 'deliveries'} a year.`,
          MONEY_RULE,
        ],
      },
    });
  });
}

/** Changes where the flowers go, under the rules of subscribing; staff screens show the new address at once. */
export async function changeAddress(
  { db, site, now = new Date() }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  address: AddressChange,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    const fields = Object.keys(address) as (keyof AddressChange)[];
    const changed = fields.filter((field) => row[field] !== address[field]);
    if (changed.length === 0) return;
    await apply(tx, row, email, site, now, {
      kind: 'address',
      set: address,
      detail: { changed },
      email: {
        subject: 'Your delivery address is changed',
        lines: [
          `We now deliver to ${deliverToLine({ ...address, state: row.state })}.`,
          address.deliveryNotes ? `Delivery notes: ${address.deliveryNotes}` : 'No delivery notes.',
        ],
      },
    });
  });
}

/**
 * Cancels before the next billing: every month that may still be changed is dropped, and the
 * months already certain (paid, or past their last day for changes) are still delivered.
 * Returns the last delivery's month and day, or null when none is left to come.
 */
export async function cancelSubscription(
  { db, site, now = new Date(), refunds }: AccountChangeContext,
  email: string,
  subscriptionId: string,
  why?: CancelRequest,
): Promise<{ row: SubscriptionDbRow; lastDelivery: MonthDeliveryDate | null; refund: CancelRefund | null }> {
  return inTransaction(db, async (tx) => {
    const row = await lockOwn(tx, email, subscriptionId);
    if (isPrepaidGift(row) && !refunds) throw new InvalidInputError(ACCOUNT_MESSAGES.prepaidGiftCancel);
    // Why it was cancelled, for the owner's figures.
    if (why?.reason)
      await tx
        .insert(cancellationReasons)
        .values({ subscriptionId: row.id, reason: why.reason, otherText: why.reason === 'other' ? why.otherText : '' });
    const today = studioDate(now);
    const thisMonth = today.slice(0, 7);
    const dates = await deliveryDatesBetween(tx, addMonths(thisMonth, -1), addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD));
    const lastDelivery = lastDeliveryKept(
      row,
      dates.filter((day) => day.date >= today),
      await paidMonthsOf(tx, row.id),
      now,
    );
    const delivered = dates.filter((day) => day.date < today).at(-1)!.month;
    const endsAfter = lastDelivery?.month ?? delivered;
    const said = lastDelivery
      ? `Your last delivery is on ${formatDeliveryDate(lastDelivery.date, { withYear: true })}; after it nothing more is delivered or charged.`
      : 'Nothing more is delivered or charged.';
    // Before the change is written: a provider that fails leaves the subscription as it was.
    // Money kept for a month that will not be delivered is given back (cancel-refunds.ts).
    const refund = refunds
      ? await refundUndeliveredMonths(tx, refunds, row, endsAfter, delivered, { kind: 'subscriber', id: email }, now)
      : null;
    const reason = why?.reason ? { reason: why.reason } : {};
    await apply(tx, row, email, site, now, {
      kind: 'cancel',
      set: { status: 'cancelled', statusFrom: addMonths(endsAfter, 1), endsAfter },
      detail: refund ? { endsAfter, ...reason, refund } : { endsAfter, ...reason },
      email: {
        subject: 'Your subscription is cancelled',
        lines: ['You cancelled your Monthly Blooms subscription.', said, ...(refund ? [refundLine(refund)] : [])],
      },
    });
    return { row, lastDelivery, refund };
  });
}
