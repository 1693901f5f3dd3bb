import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { HOLDING_STATUSES } from '@blooms/shared/contract/lifecycle';
import type { Db } from '../db/database';
import { ledgerEntries, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { deliveryDatesBetween } from './delivery-dates';
import { deliversOncePaid, deliversOnceReleased } from './lifecycle';

/**
 * The money ledger: rows of money given to or taken from a month's delivery, only ever added
 * (db/schema.ts ledgerEntries). A month's balance is the sum of its rows, and whether it is
 * paid follows from them; neither is stored anywhere else.
 */
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** Who made an entry: the subscriber (or a gift's buyer) by e-mail, a staff member by e-mail, or the provider by its event or payment id. */
export interface LedgerActor {
  kind: LedgerEntry['actorKind'];
  id: string;
}

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

/**
 * The months whose delivery day has passed while a payment that did not go through, or a
 * dispute, held the subscription (past due, awaiting authentication or disputed, from them or
 * before) and that hold money: not delivered, so their money goes on to the next delivery.
 */
async function heldPastMonths(tx: Db, row: SubscriptionDbRow, balances: MonthBalance[], today: string): Promise<Set<MonthKey>> {
  if (!HOLDING_STATUSES.includes(row.status)) return new Set();
  const holding = balances.filter((balance) => balance.balanceCents > 0 && row.statusFrom !== null && balance.month >= row.statusFrom);
  if (holding.length === 0) return new Set();
  const days = await deliveryDatesBetween(tx, holding[0]!.month, today.slice(0, 7));
  const passed = new Set(days.filter((day) => day.date < today).map((day) => day.month));
  return new Set(holding.filter((balance) => passed.has(balance.month) && deliversOnceReleased(row, balance.month)).map((b) => b.month));
}

/** A month's money handed on to another month. */
export interface Carry {
  from: MonthKey;
  to: MonthKey;
  amountCents: number;
}

/**
 * What was paid is never lost: a coming month that no longer delivers after a change (skipped,
 * paused, dropped from the plan) hands its money on to the next month that delivers and is
 * not paid yet, as a carry (taken from the one month, given to the other). Nothing is
 * rewritten. A held subscription's months count as they will be once it is let go
 * (deliversOnceReleased). Returns the carries made.
 */
export async function carryPayments(
  tx: Db,
  row: SubscriptionDbRow,
  now: Date,
  by?: LedgerActor,
  /** heldPast: also the months whose delivery day passed while a payment not gone through held them (heldPastMonths). */
  options: { heldPast?: boolean } = {},
): Promise<Carry[]> {
  const actor = by ?? { kind: 'subscriber', id: row.buyerEmail || row.email };
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const balances = monthBalances(await ledgerOf(tx, [row.id]));
  // Two years ahead, and a year past the last month holding money: a plan of one month a year
  // carries its payment to next year's, also from a month already paid a year ahead.
  const lastHeld = balances.filter((balance) => balance.balanceCents > 0).at(-1)?.month ?? thisMonth;
  const until = [addMonths(thisMonth, 2 * ACCOUNT_MONTHS_AHEAD), addMonths(lastHeld, 12)].sort().at(-1)!;
  const coming = (await deliveryDatesBetween(tx, thisMonth, until)).filter((day) => day.date >= today).map((day) => day.month);
  const held = options.heldPast ? await heldPastMonths(tx, row, balances, today) : new Set<MonthKey>();
  const paidMonths = new Set(balances.filter((balance) => balance.paid).map((balance) => balance.month));
  const holding = new Map(balances.map((balance) => [balance.month, balance.balanceCents]));
  const carries: Carry[] = [];
  for (const balance of balances) {
    if (balance.balanceCents <= 0) continue;
    const noLongerDelivers = coming.includes(balance.month) && !deliversOnceReleased(row, balance.month);
    if (!noLongerDelivers && !held.has(balance.month)) continue;
    paidMonths.delete(balance.month);
    for (const [paymentRef, cents] of balance.byPayment) {
      // Each month takes up to the price: a payment and a part of another fill one month, and the rest goes on to the next.
      for (let left = cents; left > 0;) {
        const to = coming.find((month) => month > balance.month && deliversOnceReleased(row, month) && !paidMonths.has(month));
        if (!to) break;
        const amountCents = Math.min(left, PRICE_PER_MONTH_CENTS - Math.max(0, holding.get(to) ?? 0));
        if (amountCents <= 0) {
          paidMonths.add(to);
          continue;
        }
        const entryRef = `carry:${randomUUID()}`;
        const common = {
          subscriptionId: row.id,
          kind: 'carry' as const,
          paymentRef,
          entryRef,
          actorKind: actor.kind,
          actor: actor.id,
          at: now,
        };
        const reason = noLongerDelivers
          ? `${balance.month} no longer delivers; its money pays for ${to}`
          : `${balance.month} was held by a payment that did not go through; its money pays for ${to}`;
        await tx.insert(ledgerEntries).values([
          { ...common, month: balance.month, amountCents: -amountCents, reason },
          { ...common, month: to, amountCents, reason },
        ]);
        holding.set(to, (holding.get(to) ?? 0) + amountCents);
        if (holding.get(to)! >= PRICE_PER_MONTH_CENTS) paidMonths.add(to);
        left -= amountCents;
        const same = carries.find((carry) => carry.from === balance.month && carry.to === to);
        if (same) same.amountCents += amountCents;
        else carries.push({ from: balance.month, to, amountCents });
      }
    }
  }
  return carries;
}

/**
 * Money taken for a month's delivery, as much as the provider says it took (never assumed to be
 * the price: a month holding part of it is charged only the rest): one charge entry per
 * provider payment, so the same payment recorded twice is kept once. Returns whether it was new.
 */
export async function recordPayment(
  tx: Db,
  subscriptionId: string,
  providerRef: string,
  month: MonthKey,
  amountCents: number,
  options: { by?: LedgerActor; at?: Date } = {},
): Promise<boolean> {
  const by = options.by ?? { kind: 'provider', id: providerRef };
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      subscriptionId,
      kind: 'charge',
      month,
      amountCents,
      paymentRef: providerRef,
      actorKind: by.kind,
      actor: by.id,
      reason: 'Charged for the delivery',
      ...(options.at ? { at: options.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

export interface RefundEntry {
  subscriptionId: string;
  month: MonthKey;
  /** The provider payment the money goes back to. */
  paymentRef: string;
  /** What is given back, in cents (more than 0). */
  amountCents: number;
  /** The provider's id of the refund. */
  refundRef: string;
  delivery: 'kept' | 'dropped';
  by: LedgerActor;
  reason: string;
  at?: Date;
}

/** Money given back to the card that paid: once per provider refund, payment and month. Returns whether it was new. */
export async function recordRefund(tx: Db, refund: RefundEntry): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      subscriptionId: refund.subscriptionId,
      kind: 'refund',
      month: refund.month,
      amountCents: -refund.amountCents,
      paymentRef: refund.paymentRef,
      entryRef: refund.refundRef,
      delivery: refund.delivery,
      actorKind: refund.by.kind,
      actor: refund.by.id,
      reason: refund.reason,
      ...(refund.at ? { at: refund.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

/** What the provider refunds a payment through: a checkout's payment by its session, any other by its payment id. */
export function refundTargetOf(paymentRef: string): { checkoutSessionId: string } | { paymentId: string } {
  if (paymentRef.startsWith('checkout:')) return { checkoutSessionId: paymentRef.split(':')[1]! };
  return { paymentId: paymentRef };
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
