import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { ledgerEntries, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { deliversOncePaid } from '../domain/lifecycle';
import { deliveryDatesBetween } from './delivery-dates';
import { receiptKeyOf } from './receipts';

/**
 * The money ledger: rows of money given to or taken from a month's delivery, only ever added
 * (db/schema/money.ts ledgerEntries). A month's balance is the sum of its rows, and whether it is
 * paid follows from them; neither is stored anywhere else.
 */
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** What one month holds: its money, by the provider payment it came from, and whether it is paid. */
export interface MonthBalance {
  month: MonthKey;
  balanceCents: number;
  byPayment: Map<string, number>;
  paid: boolean;
}

/**
 * A month is paid (it is delivered and never charged again) while it holds the price, or when a
 * refund gave its money back with the delivery kept and it was not carried away since. A month
 * holding part of the price (what was left of a partly refunded month, carried to it) owes the rest.
 */
function isPaid(balanceCents: number, entries: LedgerEntry[]): boolean {
  if (balanceCents >= PRICE_PER_MONTH_CENTS) return true;
  const keptRefund = entries.some((entry) => entry.kind === 'refund' && entry.delivery === 'kept');
  const carriedAway = entries.some((entry) => entry.kind === 'carry' && entry.amountCents < 0);
  return keptRefund && !carriedAway;
}

/** The same rule in SQL, over a month's entries grouped: the condition of a HAVING clause. */
export const PAID_ENTRIES_SQL = sql`(sum(${ledgerEntries.amountCents}) >= ${PRICE_PER_MONTH_CENTS}
  or (bool_or(${ledgerEntries.kind} = 'refund' and ${ledgerEntries.delivery} = 'kept')
    and not bool_or(${ledgerEntries.kind} = 'carry' and ${ledgerEntries.amountCents} < 0)))`;

/** The same rule in SQL, for a subscription's month in a query (billing's "who owes this month"). */
export function paidMonthSql(subscriptionId: SQL | typeof subscriptions.id, month: MonthKey): SQL {
  return sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.subscriptionId} = ${subscriptionId} and ${ledgerEntries.month} = ${month}
    having ${PAID_ENTRIES_SQL})`;
}

/** The balance of each month the entries touch, in month order. */
export function monthBalances(entries: LedgerEntry[]): MonthBalance[] {
  const byMonth = new Map<MonthKey, LedgerEntry[]>();
  for (const entry of entries) byMonth.set(entry.month, [...(byMonth.get(entry.month) ?? []), entry]);
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, rows]) => {
      const byPayment = new Map<string, number>();
      for (const row of rows) byPayment.set(row.paymentRef, (byPayment.get(row.paymentRef) ?? 0) + row.amountCents);
      const balanceCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
      return { month, balanceCents, byPayment, paid: isPaid(balanceCents, rows) };
    });
}

/** What charging a month takes: the price, less what the month already holds (part of a payment carried to it). */
export async function owedFor(db: Db, subscriptionId: string, month: MonthKey): Promise<number> {
  const held = monthBalances(await ledgerOf(db, [subscriptionId])).find((balance) => balance.month === month)?.balanceCents ?? 0;
  return PRICE_PER_MONTH_CENTS - Math.min(PRICE_PER_MONTH_CENTS, Math.max(0, held));
}

/** Every entry of the given subscriptions, oldest first. */
export async function ledgerOf(db: Db, subscriptionIds: string[]): Promise<LedgerEntry[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.subscriptionId, subscriptionIds))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.id));
}

/** The months a subscription has paid for. */
export async function paidMonthsOf(db: Db, subscriptionId: string): Promise<Set<MonthKey>> {
  return paidMonthsIn(await ledgerOf(db, [subscriptionId]));
}

export function paidMonthsIn(entries: LedgerEntry[]): Set<MonthKey> {
  return new Set(
    monthBalances(entries)
      .filter((balance) => balance.paid)
      .map((balance) => balance.month),
  );
}

/** The first month that delivers once paid and is not paid for yet, from this month on: what a payment without a month pays for. */
export async function nextUnpaidMonth(tx: Db, row: SubscriptionDbRow, now = new Date()): Promise<MonthKey | null> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const paidMonths = await paidMonthsOf(tx, row.id);
  const dates = await deliveryDatesBetween(tx, thisMonth, addMonths(thisMonth, ACCOUNT_MONTHS_AHEAD));
  return dates.find((day) => day.date >= today && deliversOncePaid(row, day.month) && !paidMonths.has(day.month))?.month ?? null;
}

/** The subscription a provider payment paid for, from its charge entry; null when no charge of it is recorded. */
export async function chargeOf(db: Db, paymentRef: string): Promise<LedgerEntry | null> {
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.kind} = 'charge' and ${eq(ledgerEntries.paymentRef, paymentRef)}`);
  return entry ?? null;
}

/** One charge as its payer sees it: when and what it took, the month it pays for now (after carries), and what was given back of it. */
export interface ChargeHistory {
  paymentRef: string;
  chargedFor: MonthKey;
  month: MonthKey;
  amountCents: number;
  paidAt: Date;
  refundedCents: number;
}

/** Each charge in the entries, oldest first, with where its money is now and what of it was refunded. */
export function chargeHistory(entries: LedgerEntry[]): ChargeHistory[] {
  return entries
    .filter((entry) => entry.kind === 'charge')
    .map((charge) => {
      const own = entries.filter((entry) => entry.paymentRef === charge.paymentRef && entry.subscriptionId === charge.subscriptionId);
      // Where its money went last: the charged month, or the month the last carry gave it to.
      const reached = own.filter((entry) => entry.kind !== 'refund' && entry.amountCents > 0).at(-1);
      return {
        paymentRef: charge.paymentRef,
        chargedFor: charge.month,
        month: reached?.month ?? charge.month,
        amountCents: charge.amountCents,
        paidAt: charge.at,
        refundedCents: -own.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amountCents, 0),
      };
    });
}

/** One provider payment: the charges recorded for it (a prepaid gift's checkout records one per month), summed. */
export interface PaymentHistory {
  /** The provider payment, as its receipt is keyed (receiptKeyOf). */
  paymentRef: string;
  amountCents: number;
  paidAt: Date;
  refundedCents: number;
  /** Each of its charges, in the order of the month it pays for now. */
  charges: ChargeHistory[];
}

/**
 * Each provider payment in the entries, oldest first: the charges of one payment grouped as the
 * card was charged. The ledger records a prepaid gift's checkout as one charge per month
 * (`checkout:<session>:<n>`); its payer made one payment, with one receipt.
 */
export function paymentHistory(entries: LedgerEntry[]): PaymentHistory[] {
  const byPayment = new Map<string, ChargeHistory[]>();
  for (const charge of chargeHistory(entries)) {
    const key = receiptKeyOf(charge.paymentRef);
    byPayment.set(key, [...(byPayment.get(key) ?? []), charge]);
  }
  return [...byPayment.entries()].map(([paymentRef, charges]) => ({
    paymentRef,
    amountCents: charges.reduce((sum, charge) => sum + charge.amountCents, 0),
    paidAt: charges[0]!.paidAt,
    refundedCents: charges.reduce((sum, charge) => sum + charge.refundedCents, 0),
    charges: [...charges].sort((a, b) => a.month.localeCompare(b.month)),
  }));
}

/** Money a month holds from one provider payment. */
export interface HeldMoney {
  month: MonthKey;
  paymentRef: string;
  cents: number;
}

/** The subscription as cancelling would leave it: nothing delivers after endsAfter. */
function cancelled(row: SubscriptionDbRow, endsAfter: MonthKey): SubscriptionDbRow {
  return { ...row, status: 'cancelled', endsAfter };
}

/**
 * Money a cancellation ending after endsAfter would keep for months never delivered: every
 * month after the last delivered one that holds money and does not deliver once cancelled
 * (after the new end, skipped, paused; a prepaid gift's months, or a month whose money was
 * carried two years ahead, past what the account shows). Cancelling gives it back.
 */
export function heldForUndeliveredMonths(
  entries: LedgerEntry[],
  row: SubscriptionDbRow,
  endsAfter: MonthKey,
  lastDelivered: MonthKey,
): HeldMoney[] {
  const after = cancelled(row, endsAfter);
  return monthBalances(entries)
    .filter((balance) => balance.month > lastDelivered && !deliversOncePaid(after, balance.month))
    .flatMap((balance) =>
      [...balance.byPayment].filter(([, cents]) => cents > 0).map(([paymentRef, cents]) => ({ month: balance.month, paymentRef, cents })),
    );
}
