import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { chargeDateFor, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate, studioMidnight, type MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { chargeAttempts, subscriptions } from '../db/schema';
import type { MailSite } from '../mail/account-change-email';
import type { PaymentProvider } from '../payments/provider';
import { deliveryDatesBetween } from './delivery-dates';
import { deliversOncePaid } from './lifecycle';
import { paidMonthSql } from './payment-ledger';
import { applyProviderEvent } from './provider-events';
import type { Logger } from '../infrastructure/logger';

export interface BillingRun {
  paid: number;
  declined: number;
  /** Charges whose outcome is unknown (the provider unreachable): tried again with the same key. */
  failed: number;
}

/** The months whose charge date has come and whose delivery day has not passed: this month's and next month's, at most. */
async function monthsDue(db: Db, today: string): Promise<MonthDeliveryDate[]> {
  const thisMonth = today.slice(0, 7);
  const days = await deliveryDatesBetween(db, thisMonth, addMonths(thisMonth, 1));
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
          inArray(subscriptions.status, ['active', 'past-due']),
          and(eq(subscriptions.status, 'cancelled'), gte(subscriptions.endsAfter, day.month)),
        ),
        // A subscription's first delivery is the first after the day it began (fulfilment.ts).
        lt(subscriptions.createdAt, studioMidnight(day.date)),
        sql`not ${paidMonthSql(subscriptions.id, day.month)}`,
      ),
    )
    .orderBy(asc(subscriptions.createdAt));
}

/**
 * Charges each month with a delivery on its charge date, the day after its last day for
 * changes (contract/account.ts): unselected, skipped and paused months are never charged,
 * and a cancelled subscription only for the deliveries it still gets. A declined month is
 * tried again once a day until its delivery day; each try has its own idempotency key
 * (subscription, month, try), so a run repeated or interrupted charges once. The outcome goes
 * through applyProviderEvent: the payment recorded, or the subscription past due with one notice.
 */
export async function chargeDueMonths(db: Db, provider: PaymentProvider, site: MailSite, log: Logger, now: Date): Promise<BillingRun> {
  const run: BillingRun = { paid: 0, declined: 0, failed: 0 };
  const today = studioDate(now);
  for (const day of await monthsDue(db, today)) {
    for (const row of await owing(db, day)) {
      if (!deliversOncePaid(row, day.month)) continue;
      const tries = await db
        .select()
        .from(chargeAttempts)
        .where(and(eq(chargeAttempts.subscriptionId, row.id), eq(chargeAttempts.month, day.month)))
        .orderBy(asc(chargeAttempts.attempt));
      if (tries.some((tried) => studioDate(tried.at) === today)) continue;
      const attempt = tries.length + 1;
      const idempotencyKey = `blooms-charge-${row.id}-${day.month}-${attempt}`;
      let outcome;
      try {
        outcome = await provider.chargeSavedCard({
          customerId: row.providerCustomerId,
          amountCents: PRICE_PER_MONTH_CENTS,
          idempotencyKey,
          description: `Monthly Blooms: ${formatMonth(day.month)} delivery`,
          metadata: { subscription_id: row.id, month: day.month },
        });
      } catch (error) {
        run.failed++;
        log.error(
          { err: error, subscriptionId: row.id, month: day.month, attempt, metric: 'charge', outcome: 'error' },
          'charge not made; it is tried again with the same key',
        );
        continue;
      }
      const event = outcome.paid
        ? { id: outcome.ref, type: 'payment_intent.succeeded', change: { kind: 'payment-succeeded' as const, month: day.month } }
        : {
            id: `declined:${idempotencyKey}`,
            type: 'payment_intent.payment_failed',
            change: { kind: 'payment-failed' as const, month: day.month },
          };
      await applyProviderEvent(db, { ...event, createdAt: now, subscriptionId: row.id }, site);
      // Written after the outcome is applied: a crash in between repeats this try, same key, same answer.
      await db
        .insert(chargeAttempts)
        .values({
          subscriptionId: row.id,
          month: day.month,
          attempt,
          outcome: outcome.paid ? 'paid' : 'declined',
          providerRef: outcome.paid ? outcome.ref : null,
          reason: outcome.paid ? '' : outcome.reason,
          at: now,
        })
        .onConflictDoNothing();
      if (outcome.paid) run.paid++;
      else run.declined++;
      // metric/outcome: what Cloud Monitoring counts charges by (docs/operations.md).
      log.info(
        {
          subscriptionId: row.id,
          month: day.month,
          attempt,
          paid: outcome.paid,
          metric: 'charge',
          outcome: outcome.paid ? 'paid' : 'declined',
        },
        'month charged',
      );
    }
  }
  return run;
}

/**
 * Runs chargeDueMonths at start and every hour (on Firebase, a scheduled function calls runDue
 * instead), one run at a time, and tells onFinished how each run went (kept for health checks,
 * counted for metrics).
 */
export class BillingWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly charge: (now: Date) => Promise<BillingRun>,
    private readonly clock: () => Date,
    private readonly log: Logger,
    private readonly onFinished: (run: BillingRun, ok: boolean) => Promise<void> = async () => undefined,
    private readonly everyMs = 60 * 60 * 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.everyMs);
    this.timer.unref();
    void this.runDue();
  }

  /** Charges what is due now, after any run already going. */
  runDue(): Promise<BillingRun> {
    const next = this.queue.then(async () => {
      if (this.closed) return { paid: 0, declined: 0, failed: 0 };
      let run: BillingRun;
      let ok = true;
      try {
        run = await this.charge(this.clock());
        ok = run.failed === 0;
      } catch (error) {
        // The database is unreachable: the next run tries again.
        this.log.error({ err: error }, 'billing run stopped');
        run = { paid: 0, declined: 0, failed: 1 };
        ok = false;
      }
      await this.onFinished(run, ok).catch((error: unknown) => this.log.error({ err: error }, 'billing run could not be recorded'));
      return run;
    });
    this.queue = next;
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.queue;
  }
}
