import { randomUUID } from 'node:crypto';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MONTHS_AHEAD } from '@blooms/shared/contract/messages';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { HOLDING_STATUSES } from '@blooms/shared/contract/lifecycle';
import type { Db } from '../db/database';
import { ledgerEntries, type SubscriptionDbRow } from '../db/schema';
import { deliveryDatesBetween } from '../read-models/delivery-dates';
import { deliversOnceReleased } from '../domain/lifecycle';
import { ledgerOf, monthBalances, type LedgerEntry, type MonthBalance } from '../read-models/ledger';

/** Who made an entry: the subscriber (or a gift's buyer) by e-mail, a staff member by e-mail, or the provider by its event or payment id. */
export interface LedgerActor {
  kind: LedgerEntry['actorKind'];
  id: string;
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
