import { textStateOf } from './texts';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  chargeDateFor,
  PRICE_PER_MONTH_CENTS,
  type Account,
  type AccountMonth,
  type AccountPastDelivery,
  type AccountSubscription,
  type AccountGiftTerms,
} from '@blooms/shared/contract/account';
import { changesAllowed, studioDate, type IsoDate, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { giftDeliveriesOf, giftDeliveryMonths, isPrepaidGift } from '@blooms/shared/contract/gifts';
import { lifecycleLabel, monthState } from '@blooms/shared/contract/lifecycle';
import { ACCOUNT_MESSAGES, ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { deliverToLine } from '@blooms/shared/contract/order';
import type { ReceiptFacts } from '@blooms/shared/contract/receipts';
import { isGift } from '@blooms/shared/contract/subscriber';
import type { Db } from '../db/database';
import { deliveries, receipts, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { receiptFacts, receiptKeyOf } from './receipts';
import { heldForUndeliveredMonths, ledgerOf, monthBalances, paidMonthsIn, paymentHistory, type LedgerEntry } from './ledger';
import { deliveryDatesBetween } from './delivery-dates';
import { NotFoundError } from '../domain/errors';
import { lifecycleOf } from '../domain/lifecycle';

/** The subscriptions an e-mail address holds: its own, or the gifts it paid for (the buyer manages a gift). */
export function heldBy(email: string) {
  const address = email.toLowerCase();
  return or(
    and(eq(subscriptions.buyerEmail, ''), eq(sql`lower(${subscriptions.email})`, address)),
    eq(sql`lower(${subscriptions.buyerEmail})`, address),
  )!;
}

/** The month a subscription's deliveries are in now, and the dates of it and the months to come. */
async function comingDates(db: Db, now: Date): Promise<MonthDeliveryDate[]> {
  const thisMonth = studioDate(now).slice(0, 7);
  return deliveryDatesBetween(db, addMonths(thisMonth, -ACCOUNT_MONTHS_AHEAD), addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD));
}

/** heldCents: what the month already holds (part of a payment carried to it): its charge is the rest of the price. */
export function describeMonth(
  row: SubscriptionDbRow,
  day: MonthDeliveryDate,
  paidMonths: Set<MonthKey>,
  now: Date,
  heldCents = 0,
): AccountMonth {
  const state = monthState(row, lifecycleOf(row), day.month);
  const paid = paidMonths.has(day.month);
  const open = changesAllowed(day.date, now) && row.status !== 'cancelled';
  const charged = state === 'delivering' && !paid;
  return {
    month: day.month,
    date: day.date,
    lastDayForChanges: day.lastDayForChanges,
    state,
    changeable: open && (state === 'delivering' || state === 'skipped'),
    chargeCents: charged ? PRICE_PER_MONTH_CENTS - Math.min(PRICE_PER_MONTH_CENTS, Math.max(0, heldCents)) : 0,
    chargeDate: charged ? chargeDateFor(day.date) : null,
    paid,
  };
}

/** The last delivery a cancellation would keep, of these coming days: the last that delivers and is paid for or past its last day for changes. */
export function lastDeliveryKept(
  row: SubscriptionDbRow,
  coming: MonthDeliveryDate[],
  paidMonths: Set<MonthKey>,
  now: Date,
): MonthDeliveryDate | null {
  return (
    coming
      .filter(
        (day) =>
          monthState(row, lifecycleOf(row), day.month) === 'delivering' &&
          // A prepaid gift's coming months are paid, yet cancelling drops them and refunds them.
          ((paidMonths.has(day.month) && !isPrepaidGift(row)) || !changesAllowed(day.date, now)),
      )
      .at(-1) ?? null
  );
}

/**
 * Everything a signed-in subscriber sees of their subscriptions: coming months with dates and
 * charges, past deliveries, payments. A door photo's link is the caller's to make (photoUrl).
 */
export async function accountOf(
  db: Db,
  email: string,
  photoUrl: (subscriptionId: string, month: MonthKey) => string,
  now = new Date(),
  cardUpdates = false,
): Promise<Account> {
  const rows = await db.select().from(subscriptions).where(heldBy(email)).orderBy(asc(subscriptions.createdAt));
  if (rows.length === 0) return { email, cardUpdates, subscriptions: [] };
  const ids = rows.map((row) => row.id);
  const [dates, paymentRows, deliveryRows, receiptRows] = await Promise.all([
    comingDates(db, now),
    ledgerOf(db, ids),
    db.select().from(deliveries).where(inArray(deliveries.subscriptionId, ids)),
    db.select().from(receipts).where(inArray(receipts.subscriptionId, ids)),
  ]);
  const texts = new Map(await Promise.all(ids.map(async (id) => [id, await textStateOf(db, id)] as const)));
  // Each receipt as it was e-mailed, by the payment it is for.
  const receiptOf = new Map<string, ReceiptFacts>();
  for (const receipt of receiptRows) {
    const charges = paymentRows.filter((entry) => entry.kind === 'charge' && receiptKeyOf(entry.paymentRef) === receipt.paymentRef);
    if (charges.length > 0) receiptOf.set(receipt.paymentRef, await receiptFacts(db, charges, receipt));
  }
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const coming = dates.filter((day) => day.month >= thisMonth && day.date >= today);
  const lastDelivered = dates.filter((day) => day.date < today).at(-1)?.month ?? thisMonth;
  return {
    email,
    cardUpdates,
    subscriptions: rows.map((row): AccountSubscription => {
      const ledger = paymentRows.filter((entry) => entry.subscriptionId === row.id);
      const paidMonths = paidMonthsIn(ledger);
      const held = new Map(monthBalances(ledger).map((balance) => [balance.month, balance.balanceCents]));
      const keptIfCancelled = lastDeliveryKept(row, coming, paidMonths, now);
      const since = row.createdAt.toISOString().slice(0, 7);
      const past: AccountPastDelivery[] = dates
        .filter((day) => day.date <= today && day.month >= since && monthState(row, lifecycleOf(row), day.month) === 'delivering')
        .map((day): AccountPastDelivery => {
          const delivery = deliveryRows.find((d) => d.subscriptionId === row.id && d.month === day.month);
          const status =
            delivery?.status === 'delivered' ? 'delivered' : delivery?.status === 'out-for-delivery' ? 'out-for-delivery' : 'not-recorded';
          return { month: day.month, date: day.date, status, photoUrl: delivery?.proofImageKey ? photoUrl(row.id, day.month) : null };
        })
        .reverse();
      return {
        id: row.id,
        plan: row.plan,
        months: row.months,
        recipient: `${row.firstName} ${row.lastName}`,
        deliverTo: deliverToLine(row),
        address: { address: row.address, unit: row.unit, city: row.city, zip: row.zip },
        deliveryNotes: row.deliveryNotes,
        gift: isGift(row),
        giftTerms: isGift(row) ? giftTermsOf(row, dates, today) : null,
        refundIfCancelledCents: refundIfCancelled(row, ledger, keptIfCancelled?.month ?? lastDelivered, lastDelivered),
        status: row.status,
        statusLabel: lifecycleLabel(lifecycleOf(row)),
        pausedFrom: row.pausedFrom,
        pausedUntil: row.pausedUntil,
        coming: coming.map((day) => describeMonth(row, day, paidMonths, now, held.get(day.month))),
        lastDeliveryIfCancelled: keptIfCancelled?.date ?? null,
        past,
        payments: paymentHistory(ledger).map((payment) => ({
          month: payment.charges[0]!.month,
          amountCents: payment.amountCents,
          paidAt: payment.paidAt.toISOString(),
          refundedCents: payment.refundedCents,
          refunded: payment.refundedCents >= payment.amountCents,
          receipt: receiptOf.get(payment.paymentRef) ?? null,
          deliveries: payment.charges.map(({ month, amountCents, refundedCents }) => ({ month, amountCents, refundedCents })),
        })),
        texts: texts.get(row.id),
      };
    }),
  };
}

/** A gift's terms for its buyer: how long, how paid, how many deliveries are left, and what giving it again starts from. */
function giftTermsOf(row: SubscriptionDbRow, dates: MonthDeliveryDate[], today: IsoDate): AccountGiftTerms {
  const deliveries = giftDeliveriesOf(row);
  const months = deliveries > 0 && row.firstDelivery ? giftDeliveryMonths(row, deliveries, row.firstDelivery.slice(0, 7)) : [];
  const delivered = (month: MonthKey) => {
    const day = dates.find((d) => d.month === month);
    return day ? day.date < today : month < today.slice(0, 7);
  };
  const ended = row.status === 'cancelled' || row.status === 'complete';
  return {
    deliveries,
    prepaid: isPrepaidGift(row),
    left: ended ? 0 : months.filter((month) => !delivered(month)).length,
    lastMonth: row.endsAfter,
    continueWith: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      buyerName: row.buyerName,
      buyerEmail: row.buyerEmail,
    },
  };
}

/**
 * What cancelling now would give back: the money held for months that would not be delivered
 * (a prepaid gift's deliveries after the last one kept, a month paid and carried past it).
 */
function refundIfCancelled(row: SubscriptionDbRow, ledger: LedgerEntry[], keptUntil: MonthKey, lastDelivered: MonthKey): number {
  if (row.status === 'cancelled' || row.status === 'complete') return 0;
  return heldForUndeliveredMonths(ledger, row, keptUntil, lastDelivered).reduce((sum, money) => sum + money.cents, 0);
}

/** The door photo's key of a delivery of the subscriber's own subscription, or null. */
export async function photoKeyOf(db: Db, email: string, subscriptionId: string, month: MonthKey): Promise<string | null> {
  const [row] = await db
    .select({ key: deliveries.proofImageKey })
    .from(deliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month), heldBy(email)));
  return row?.key ?? null;
}

/** The payment provider's customer of the subscriber's own subscription (whose card pays for it). */
export async function customerOf(db: Db, email: string, subscriptionId: string): Promise<string> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), heldBy(email)));
  if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.notYours);
  if (!row.customerId) throw new NotFoundError(ACCOUNT_MESSAGES.noCard);
  return row.customerId;
}

/** Whether an e-mail address holds any subscription (its own, or gifts it paid for). */
export async function holdsSubscriptions(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(heldBy(email)).limit(1);
  return row !== undefined;
}
