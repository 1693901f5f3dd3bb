import { and, asc, eq, inArray } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { payments, type SubscriptionDbRow } from '../db/schema';
import { deliveryDatesBetween } from './delivery-dates';
import { deliversOncePaid } from './lifecycle';

/** The months a subscription has paid for. */
export async function paidMonthsOf(db: Db, subscriptionId: string): Promise<Set<MonthKey>> {
  const rows = await db.select({ month: payments.month }).from(payments).where(eq(payments.subscriptionId, subscriptionId));
  return new Set(rows.map((row) => row.month));
}

/**
 * What was paid is never lost: a coming month that no longer delivers after a change (skipped,
 * paused, dropped from the plan) hands its payment on to the next month that delivers and is
 * not paid yet. Returns the moves made.
 */
export async function carryPayments(tx: Db, row: SubscriptionDbRow, now: Date): Promise<{ from: MonthKey; to: MonthKey }[]> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  // Two years ahead: a plan of one month a year carries its payment to next year's.
  const coming = (await deliveryDatesBetween(tx, thisMonth, addMonths(thisMonth, 2 * ACCOUNT_MONTHS_AHEAD)))
    .filter((day) => day.date >= today)
    .map((day) => day.month);
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, row.id), inArray(payments.month, coming)))
    .orderBy(asc(payments.month));
  const paidMonths = new Set(paid.map((payment) => payment.month));
  const moves: { from: MonthKey; to: MonthKey }[] = [];
  for (const payment of paid) {
    if (deliversOncePaid(row, payment.month)) continue;
    const to = coming.find((month) => month > payment.month && deliversOncePaid(row, month) && !paidMonths.has(month));
    if (!to) continue;
    await tx.update(payments).set({ month: to }).where(eq(payments.id, payment.id));
    paidMonths.delete(payment.month);
    paidMonths.add(to);
    moves.push({ from: payment.month, to });
  }
  return moves;
}

/** Money taken for a month's delivery; the same provider charge recorded twice is kept once. */
export async function recordPayment(tx: Db, subscriptionId: string, providerRef: string, month: MonthKey): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({ subscriptionId, providerRef, month, amountCents: PRICE_PER_MONTH_CENTS })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}

/** The first month that delivers once paid and is not paid for yet, from this month on: what a payment without a month pays for. */
export async function nextUnpaidMonth(tx: Db, row: SubscriptionDbRow, now = new Date()): Promise<MonthKey | null> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const paidMonths = await paidMonthsOf(tx, row.id);
  const dates = await deliveryDatesBetween(tx, thisMonth, addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD));
  return dates.find((day) => day.date >= today && deliversOncePaid(row, day.month) && !paidMonths.has(day.month))?.month ?? null;
}
