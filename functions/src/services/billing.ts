import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { studioDate, studioMidnight, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { inTransaction, type Db } from '../db/database';
import { chargeAttempts, subscriptions, type SubscriptionDbRow } from '../db/schema';
import { chargeConfirmationUrl, type MailSite } from '../mail/account-change-email';
import type { ChargeOutcome, PaymentProvider } from '../payments/provider';
import { deliversOncePaid } from '../domain/lifecycle';
import { carryPayments } from './payment-ledger';
import { owedFor, paidMonthSql } from '../read-models/ledger';
import { applyProviderEvent } from './provider-events';
import { HOLDING, UNANSWERED, type BillingDue } from './billing-due';
import type { Logger } from '../infrastructure/logger';

export interface BillingRun {
  paid: number;
  declined: number;
  /** Charges whose outcome is unknown (the provider unreachable): looked up on the next run, not charged again. */
  failed: number;
}

/** The months whose charge date has come and whose delivery day has not passed, of this month's and next month's days. */
function monthsDue(days: MonthDeliveryDate[], today: string): MonthDeliveryDate[] {
  return days.filter((day) => chargeDateFor(day.date) <= today && day.date >= today);
}

/** Subscriptions that may owe a month: it is in their plan, it is not paid, they are not over, and it is after they began. */
function owing(db: Db, day: MonthDeliveryDate) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        sql`${Number(day.month.slice(5, 7))} = any(${subscriptions.months})`,
        or(
          inArray(subscriptions.status, ['active', 'past-due', 'needs-authentication']),
          and(eq(subscriptions.status, 'cancelled'), gte(subscriptions.endsAfter, day.month)),
        ),
        // A subscription's first delivery is the first after the day it began (fulfilment.ts).
        lt(subscriptions.createdAt, studioMidnight(day.date)),
        sql`not ${paidMonthSql(subscriptions.id, day.month)}`,
      ),
    )
    .orderBy(asc(subscriptions.createdAt));
}

function unansweredTries(db: Db) {
  return db
    .select({ subscriptionId: chargeAttempts.subscriptionId, month: chargeAttempts.month })
    .from(chargeAttempts)
    .where(UNANSWERED)
    .orderBy(asc(chargeAttempts.id));
}

/** A try to charge a month, as kept in charge_attempts. */
export type ChargeTry = typeof chargeAttempts.$inferSelect;

/** Tries whose outcome is not final: looked up, never charged again. */
const UNSETTLED: readonly ChargeTry['outcome'][] = ['pending', 'needs-authentication', 'processing'];

/** A pending try younger than this is another run's, still under way: left to it. */
const PENDING_IS_UNDER_WAY_MS = 10 * 60_000;

/** The idempotency key of a try: the same try charges at most once while the provider keeps the key. */
const keyOf = (subscriptionId: string, month: MonthKey, attempt: number) => `blooms-charge-${subscriptionId}-${month}-${attempt}`;

/** The try's token for the confirmation link: made once, whoever asks first (the worker or a webhook at the same time). */
async function authenticationTokenOf(db: Db, tryId: number): Promise<string> {
  await db
    .update(chargeAttempts)
    .set({ authenticationToken: randomBytes(24).toString('base64url') })
    .where(and(eq(chargeAttempts.id, tryId), isNull(chargeAttempts.authenticationToken)));
  const [row] = await db.select({ token: chargeAttempts.authenticationToken }).from(chargeAttempts).where(eq(chargeAttempts.id, tryId));
  return row!.token!;
}

/**
 * Applies what became of a try, once: a payment recorded and the subscription active; a decline
 * making it past due (one notice); the bank asking the subscriber to authenticate making it
 * wait for them, with one e-mail whose link carries the try's token; processing waiting. A try
 * already paid keeps that, whatever arrives later. Returns what the try now is.
 */
export async function settleChargeTry(
  db: Db,
  tried: ChargeTry,
  outcome: ChargeOutcome,
  at: Date,
  site: MailSite,
): Promise<ChargeTry['outcome']> {
  if (outcome.status === 'unconfirmed') return tried.outcome;
  if (tried.outcome === 'paid') return 'paid';
  const ref = tried.providerRef;
  const base = { createdAt: at, subscriptionId: tried.subscriptionId };
  const month = tried.month;
  if (outcome.status === 'paid') {
    await applyProviderEvent(
      db,
      {
        ...base,
        id: ref!,
        type: 'payment_intent.succeeded',
        change: { kind: 'payment-succeeded', month, amountCents: outcome.amountCents },
      },
      site,
    );
  } else if (outcome.status === 'declined') {
    const id = `declined:${ref ?? keyOf(tried.subscriptionId, month, tried.attempt)}`;
    await applyProviderEvent(db, { ...base, id, type: 'payment_intent.payment_failed', change: { kind: 'payment-failed', month } }, site);
  } else if (outcome.status === 'needs-authentication') {
    const token = tried.authenticationToken ?? (await authenticationTokenOf(db, tried.id));
    await applyProviderEvent(
      db,
      {
        ...base,
        id: `authentication:${ref}`,
        type: 'payment_intent.requires_action',
        change: {
          kind: 'needs-authentication',
          month,
          confirmUrl: chargeConfirmationUrl(site, token),
        },
      },
      site,
    );
  }
  await db
    .update(chargeAttempts)
    .set({ outcome: outcome.status, reason: outcome.status === 'declined' ? outcome.reason : '' })
    .where(and(eq(chargeAttempts.id, tried.id), sql`${chargeAttempts.outcome} <> 'paid'`));
  return outcome.status;
}

/**
 * One try at a month: a try whose outcome is not final yet (its answer lost, waiting for the
 * subscriber's authentication, processing) is looked up at the provider and never charged
 * again, however long later; otherwise, unless a try was made today, a new try is written
 * (pending) before its payment is made, the payment's id kept before it is confirmed, and the
 * outcome settled. Returns what the try became, 'skipped' when none was due, or 'unknown' when
 * the provider's answer is not known (it is looked up on the next run).
 */
export async function tryCharge(
  db: Db,
  provider: PaymentProvider,
  site: MailSite,
  row: SubscriptionDbRow,
  month: MonthKey,
  now: Date,
  /** atOnce (the test checkout's Test billing): a new try even if one was made today, and a pending one looked up at once. */
  options: { atOnce: boolean } = { atOnce: false },
): Promise<ChargeTry['outcome'] | 'skipped' | 'unknown'> {
  const tries = await db
    .select()
    .from(chargeAttempts)
    .where(and(eq(chargeAttempts.subscriptionId, row.id), eq(chargeAttempts.month, month)))
    .orderBy(asc(chargeAttempts.attempt));
  const last = tries.at(-1);
  let tried: ChargeTry;
  if (last && UNSETTLED.includes(last.outcome)) {
    if (!options.atOnce && last.outcome === 'pending' && now.getTime() - last.at.getTime() < PENDING_IS_UNDER_WAY_MS) return 'skipped';
    tried = last;
  } else {
    if (!options.atOnce && tries.some((t) => studioDate(t.at) === studioDate(now))) return 'skipped';
    const [made] = await db
      .insert(chargeAttempts)
      .values({ subscriptionId: row.id, month, attempt: tries.length + 1, outcome: 'pending', at: now })
      .onConflictDoNothing()
      .returning();
    // Another instance wrote this try first: it is theirs.
    if (!made) return 'skipped';
    tried = made;
  }
  const key = keyOf(row.id, month, tried.attempt);
  let outcome: ChargeOutcome;
  if (!tried.providerRef) {
    // Made again with the same key if it was made before its id was kept: never confirmed, it takes nothing.
    const started = await provider.startCharge({
      customerId: row.providerCustomerId,
      amountCents: await owedFor(db, row.id, month),
      idempotencyKey: key,
      description: `Monthly Blooms: ${formatMonth(month)} delivery`,
      metadata: { subscription_id: row.id, month, attempt: String(tried.attempt) },
    });
    if ('declined' in started) return settleChargeTry(db, tried, { status: 'declined', reason: started.declined }, now, site);
    await db.update(chargeAttempts).set({ providerRef: started.ref }).where(eq(chargeAttempts.id, tried.id));
    tried = { ...tried, providerRef: started.ref };
    outcome = await provider.confirmCharge(started.ref, `${key}-confirm`);
  } else {
    outcome = await provider.chargeOutcome(tried.providerRef);
    if (outcome.status === 'unconfirmed') outcome = await provider.confirmCharge(tried.providerRef, `${key}-confirm`);
  }
  return settleChargeTry(db, tried, outcome, now, site);
}

/**
 * Charges each month with a delivery on its charge date, the day after its last day for
 * changes (contract/account.ts): unselected, skipped and paused months are never charged,
 * and a cancelled subscription only for the deliveries it still gets. A declined month is
 * tried again once a day until its delivery day; each try has its own idempotency key
 * (subscription, month, try), so a run repeated or interrupted charges once, and its payment is
 * kept before it is confirmed, so an outcome never heard is looked up, not charged again
 * (tryCharge). The outcome goes through applyProviderEvent: the payment recorded, or the
 * subscription past due (or awaiting the subscriber's authentication) with one notice.
 * due (billingDue, read just before) says which parts have anything to look at; acted: whether
 * the run carried or tried anything, else the database is as due read it.
 */
export async function chargeDueMonths(
  db: Db,
  provider: PaymentProvider,
  site: MailSite,
  log: Logger,
  now: Date,
  due: BillingDue,
): Promise<{ run: BillingRun; acted: boolean }> {
  const run: BillingRun = { paid: 0, declined: 0, failed: 0 };
  const tried = new Set<string>();
  let carried = false;
  const charge = async (row: SubscriptionDbRow, month: MonthKey) => {
    tried.add(`${row.id} ${month}`);
    let outcome: Awaited<ReturnType<typeof tryCharge>>;
    try {
      outcome = await tryCharge(db, provider, site, row, month, now);
    } catch (error) {
      outcome = 'unknown';
      log.error(
        { err: error, subscriptionId: row.id, month, metric: 'charge', outcome: 'error' },
        'charge outcome not known; it is looked up on the next run',
      );
    }
    if (outcome === 'skipped') return;
    if (outcome === 'paid') run.paid++;
    else if (outcome === 'declined') run.declined++;
    else if (outcome === 'unknown' || outcome === 'pending') run.failed++;
    // metric/outcome: what Cloud Monitoring counts charges by (docs/operations.md).
    if (outcome !== 'unknown')
      log.info({ subscriptionId: row.id, month, paid: outcome === 'paid', metric: 'charge', outcome }, 'month charged');
  };
  // Money on a month a failed payment or a dispute held past its delivery day goes on to the next delivery first.
  for (const row of due.holding ? await db.select().from(subscriptions).where(HOLDING) : []) {
    carried = true;
    await inTransaction(db, async (tx) => {
      const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id)).for('update');
      if (locked) await carryPayments(tx, locked, now, { kind: 'provider', id: 'billing' }, { heldPast: true });
    });
  }
  for (const day of monthsDue(due.days, studioDate(now))) {
    for (const row of await owing(db, day)) {
      if (deliversOncePaid(row, day.month)) await charge(row, day.month);
    }
  }
  // A try left unanswered is looked up at every run, however long later, even once its month is
  // no longer due (its delivery day passed, or the subscription changed): the payment the
  // provider took reaches the ledger though no webhook tells it. tryCharge only looks it up: it
  // never makes a new try while the last one is unanswered. None was unanswered when due was read:
  // any now is one this run made, so tried.
  for (const { subscriptionId, month } of due.unanswered ? await unansweredTries(db) : []) {
    if (tried.has(`${subscriptionId} ${month}`)) continue;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (row) await charge(row, month);
  }
  return { run, acted: carried || tried.size > 0 };
}
