import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { chargeDateFor, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { addDays, studioDate, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { CHARGE_CONFIRMATION_PATH } from '@blooms/shared/contract/charge-confirmation';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { chargeAttempts, deliveries, deliveryDates, subscriptions, users } from '../src/db/schema';
import { cancelSubscription } from '../src/services/account/changes';
import { advanceStatus } from '../src/services/deliveries';
import { deliveryDatesBetween } from '../src/read-models/delivery-dates';
import { setDeliveryDate } from '../src/services/delivery-dates';
import { deliversOncePaid, deliversOnceReleased, lifecycleOf } from '../src/domain/lifecycle';
import { monthState } from '@blooms/shared/contract/lifecycle';
import { ledgerOf, monthBalances } from '../src/read-models/ledger';
import { refundMonth } from '../src/services/staff-refunds';
import { findUserByEmail } from '../src/services/users';
import { stripeClient, stripeProvider } from '../src/payments/stripe-provider';
import type { PaymentProvider } from '../src/payments/provider';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startFakeStripe } from './support/fake-stripe';
import { startTestServer, testConfig } from './support/test-server';
import { subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { noonOn } from './support/fixtures';
import { stripeTeller } from './support/stripe-tells';
import { accountChange, makeAccountChange, planMonths, refusedChangesNothing } from './support/money-rule';
import { testNow } from './support/test-now';

const ADMIN = 'money-rule@blooms.example';
const site = { contactEmail: 'studio@example.com', phone: '(801) 555-0142', accountUrl: 'https://blooms.example/account' } as never;
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Sequences end within two years of the day they start. */
const TWO_YEARS_DAYS = 730;

/** One step of a sequence; who: which of the sequence's subscriptions (modulo how many there are). */
const who = fc.nat({ max: 5 });
const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('subscribe' as const), months: planMonths }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('account' as const), who, change: accountChange }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), who }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('delivery day' as const),
      ahead: fc.integer({ min: 0, max: 2 }),
      day: fc.option(fc.integer({ min: 1, max: 28 })),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      who,
      behaves: fc.constantFrom('declines' as const, 'needs-authentication' as const, 'processing' as const, 'new card' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('authenticate' as const), who, passed: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('bank answers' as const), who, paid: fc.boolean(), told: fc.boolean() }), weight: 1 },
  // Stripe's webhook tells the outcomes of a subscriber's payments: before, after or instead of the billing run's look-up, or again.
  { arbitrary: fc.record({ kind: fc.constant('stripe tells' as const), who, replay: fc.boolean() }), weight: 2 },
  // The payer disputes one of the payments, or the bank decides a dispute: in any order, a close perhaps before its opening.
  {
    arbitrary: fc.record({
      kind: fc.constant('dispute' as const),
      who,
      pick: fc.nat({ max: 5 }),
      outcome: fc.constantFrom('open' as const, 'won' as const, 'lost' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('answers lost' as const), forgetKeys: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      who,
      pick: fc.nat({ max: 11 }),
      // All of what the month holds, or part (down to a cent): the next charge then takes only the rest.
      cents: fc.option(fc.integer({ min: 1, max: PRICE_PER_MONTH_CENTS })),
      delivery: fc.constantFrom('kept' as const, 'dropped' as const),
    }),
    weight: 1,
  },
  // Mostly days or weeks (charge dates, retries and delivery days met one by one), now and then most of a year.
  {
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      days: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 30 }), weight: 9 },
        { arbitrary: fc.integer({ min: 31, max: 330 }), weight: 1 },
      ),
    }),
    weight: 6,
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const sequence = fc.record({
  plans: fc.array(planMonths, { minLength: 1, maxLength: 2 }),
  steps: fc.array(step, { minLength: 8, maxLength: 16 }),
});

/**
 * The money rule, driven through the real billing run: random sequences, over two years, of
 * subscribing, account changes, cancelling, the admin moving a month's delivery day, cards that
 * decline, want authentication (completed or failed) or are processing, answers lost, staff
 * refunds (the month kept or dropped) and the clock moving on, with each delivery day's
 * deliveries made. After every step, for each subscription: a delivered month was paid once;
 * money is held only for months delivered or still to be delivered; no month holds more than
 * one payment; and the ledger holds what the provider took less what it gave back.
 */
describe.each(DATABASE_KINDS)('the money rule through the billing run on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let provider: PaymentProvider;
  let stripe: ReturnType<typeof stripeTeller>;
  let admin: UserRecord;
  let now = testNow();

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    const config = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'https://blooms.example',
      // Hundreds of checkouts a minute, from one address.
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
    });
    app = await startTestServer(database, { config, clock: () => now });
    provider = stripeProvider(stripeClient({ secretKey: 'sk_test_123', apiBase: fake.url }));
    stripe = stripeTeller(app, fake);
    await database.db.insert(users).values({ name: 'Mo Money', email: ADMIN, role: 'admin' });
    admin = (await findUserByEmail(database.db, ADMIN))!;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  it(
    'each delivered month is paid once, nothing is kept for a month not delivered, and the ledger matches the provider',
    async () => {
      // A fixed first day (ahead of the real one: subscriptions are made at the real time), so a seed replays the same sequences any day.
      const start = '2030-11-26';
      let serial = 0;
      // The 200 sequences of a run are shared out between the databases, each its own seed: 200
      // different sequences, where each database running the same 200 doubled the time and tried nothing new.
      const share = DATABASE_KINDS.indexOf(kind);
      const seed = process.env.MONEY_RULE_SEED ? Number(process.env.MONEY_RULE_SEED) : 20261126 + share;
      const runs = Number(process.env.MONEY_RULE_RUNS ?? Math.ceil(200 / DATABASE_KINDS.length));
      const began = Date.now();

      await fc.assert(
        fc.asyncProperty(sequence, async ({ plans, steps }) => {
          // A fresh world for the sequence: the first day again, no delivery day moved, earlier sequences' subscriptions over.
          now = noonOn(start);
          fake.loseAnswers(false);
          stripe.reset();
          await database.db.delete(deliveryDates);
          await database.db.update(subscriptions).set({ status: 'complete' });
          const ours: { id: string; email: string; customer: string }[] = [];
          /** The months whose delivery day has come, in order: the next one's deliveries are made when its day comes. */
          let nextToDeliver = start.slice(0, 7);
          let losing = false;
          /** Which step the checks follow, for the failure's message. */
          let after = 'subscribing';
          /** Deliveries made while their month's charge awaited the bank's answer: "subscription month". */
          const unansweredAtDelivery = new Set<string>();
          /** The delivery day of each month a payment not gone through or a dispute held: "subscription month". */
          const heldOn = new Map<string, string>();

          const subscribe = async (months: number[]) => {
            const email = `money-${process.pid}-${++serial}@example.com`;
            const row = await subscribeThroughStripe(
              app,
              database.db,
              fake,
              email,
              [...months].sort((a, b) => a - b),
            );
            ours.push({ id: row.id, email, customer: row.providerCustomerId! });
          };
          const pickOf = (index: number) => ours[index % ours.length]!;
          const ourRows = () =>
            database.db
              .select()
              .from(subscriptions)
              .where(
                inArray(
                  subscriptions.id,
                  ours.map((o) => o.id),
                ),
              );

          /** The billing run, as the hourly schedule makes it at this moment; a run whose answers are lost loses them once. */
          const runBilling = async () => {
            fake.loseAnswers(losing);
            await app.billing.runDue();
            fake.loseAnswers(false);
            losing = false;
          };
          /** On and after a month's delivery day, staff deliver every delivery the dashboard schedules for it. */
          const deliverDue = async () => {
            const today = studioDate(now);
            for (;;) {
              const [day] = await deliveryDatesBetween(database.db, nextToDeliver, nextToDeliver);
              if (day!.date > today) return;
              // What the dashboard schedules for the month (its rows' "scheduled"), for staff to deliver.
              const rows = await ourRows();
              for (const row of rows.filter(
                (r) => deliversOnceReleased(r, day!.month) && monthState(r, lifecycleOf(r), day!.month) !== 'delivering',
              ))
                heldOn.set(`${row.id} ${day!.month}`, day!.date);
              for (const row of rows.filter((r) => monthState(r, lifecycleOf(r), day!.month) === 'delivering')) {
                const input = { subscriptionId: row.id, month: day!.month };
                const [unanswered] = await database.db
                  .select()
                  .from(chargeAttempts)
                  .where(
                    and(
                      eq(chargeAttempts.subscriptionId, row.id),
                      eq(chargeAttempts.month, day!.month),
                      inArray(chargeAttempts.outcome, ['pending', 'processing']),
                    ),
                  );
                if (unanswered) unansweredAtDelivery.add(`${row.id} ${day!.month}`);
                const [made] = await database.db
                  .select({ status: deliveries.status })
                  .from(deliveries)
                  .where(and(eq(deliveries.subscriptionId, row.id), eq(deliveries.month, day!.month)));
                for (let status: string = made?.status ?? 'not-started'; status !== 'delivered';) {
                  status = (await advanceStatus(database.db, admin, { ...input, expectedStatus: status })).status;
                }
              }
              nextToDeliver = addMonths(nextToDeliver, 1);
            }
          };
          /** The clock moves on, the billing run made on each day that matters (charge dates, delivery days and the day after each) and the deliveries on theirs. */
          const moveClock = async (days: number) => {
            const target =
              addDays(studioDate(now), days) > addDays(start, TWO_YEARS_DAYS)
                ? addDays(start, TWO_YEARS_DAYS)
                : addDays(studioDate(now), days);
            // The admin moves no delivery day meanwhile: the days that matter are known before.
            const dates = await deliveryDatesBetween(database.db, studioDate(now).slice(0, 7), addMonths(target.slice(0, 7), 1));
            // Months none of the subscriptions has in its plan charge and deliver nothing: no run needed for them.
            const planned = new Set((await ourRows()).flatMap((r) => r.months));
            const matters = new Set(
              dates
                .filter((d) => planned.has(Number(d.month.slice(5, 7))))
                .flatMap((d) => [chargeDateFor(d.date), d.date, addDays(d.date, 1)]),
            );
            for (let day = addDays(studioDate(now), 1); day <= target; day = addDays(day, 1)) {
              if (!matters.has(day) && day !== target) continue;
              now = noonOn(day);
              await runBilling();
              await deliverDue();
            }
          };

          const apply = async (s: Step) => {
            const ctx = { db: database.db, site, now, refunds: provider };
            const thisMonth = studioDate(now).slice(0, 7);
            if (s.kind === 'subscribe') return ours.length < 4 ? subscribe(s.months) : undefined;
            if (s.kind === 'clock') return moveClock(s.days);
            if (s.kind === 'answers lost') {
              losing = true;
              if (s.forgetKeys) fake.forgetIdempotencyKeys();
              return;
            }
            if (s.kind === 'delivery day') {
              const month = addMonths(thisMonth, s.ahead);
              const day = s.day === null ? null : (`${month}-${String(s.day).padStart(2, '0')}` as IsoDate);
              await refusedChangesNothing(setDeliveryDate(database.db, month, day, ADMIN, now));
              // The hourly run comes before the day's deliveries.
              await runBilling();
              return deliverDue();
            }
            const sub = pickOf(s.who);
            if (s.kind === 'account') return makeAccountChange(ctx, sub.email, sub.id, s.change, thisMonth);
            if (s.kind === 'cancel') return refusedChangesNothing(cancelSubscription(ctx, sub.email, sub.id));
            if (s.kind === 'card')
              return s.behaves === 'new card' ? fake.replaceCard(sub.customer) : fake.cardBehaves(sub.customer, s.behaves);
            if (s.kind === 'bank answers') {
              for (const intent of [...fake.intents.values()].filter((i) => i.customer === sub.customer && i.status === 'processing'))
                fake.settle(intent.id, s.paid);
              // Told at once, the webhook settles the charge before the billing run looks it up.
              return s.told ? stripe.paymentOutcomes(sub.customer, false, now) : undefined;
            }
            if (s.kind === 'stripe tells') return stripe.paymentOutcomes(sub.customer, s.replay, now);
            if (s.kind === 'dispute') {
              const payments = stripe.paymentsOf(sub.customer);
              return stripe.dispute(sub.customer, payments[s.pick % payments.length]!, s.outcome, now);
            }
            if (s.kind === 'authenticate') {
              // The subscriber follows the e-mail's link, presses the button, and passes (or fails) the bank's check.
              const waiting = await database.db
                .select()
                .from(chargeAttempts)
                .where(and(eq(chargeAttempts.subscriptionId, sub.id), eq(chargeAttempts.outcome, 'needs-authentication')));
              for (const tried of waiting) {
                const path = `${CHARGE_CONFIRMATION_PATH}/${tried.authenticationToken}`;
                const form = { 'content-type': 'application/x-www-form-urlencoded' };
                expect((await app.inject({ method: 'POST', url: path, headers: form, payload: '' })).statusCode).toBe(303);
                if (fake.intents.get(tried.providerRef!)?.status === 'requires_action') fake.authenticate(tried.providerRef!, s.passed);
                expect((await app.inject(path)).statusCode).toBe(200);
              }
              return;
            }
            // A staff refund of one of the months holding money.
            const held = monthBalances(await ledgerOf(database.db, [sub.id])).filter((b) => b.balanceCents > 0);
            if (held.length === 0) return;
            const month = held[s.pick % held.length]!;
            const amountCents = s.cents === null ? month.balanceCents : Math.min(s.cents, month.balanceCents);
            await refusedChangesNothing(
              refundMonth(
                database.db,
                provider,
                site,
                ADMIN,
                sub.id,
                { month: month.month, amountCents, reason: 'Vase broken', delivery: s.delivery },
                now,
              ),
            );
          };

          /** Checks the money rule for each of the sequence's subscriptions; settled: no answer is still awaited. */
          const holds = async (settled = false) => {
            const today = studioDate(now);
            const ids = ours.map((o) => o.id);
            const allEntries = await ledgerOf(database.db, ids);
            const rows = await ourRows();
            const made = await database.db
              .select({ id: deliveries.subscriptionId, month: deliveries.month })
              .from(deliveries)
              .where(and(inArray(deliveries.subscriptionId, ids), eq(deliveries.status, 'delivered')));
            const allTries = await database.db.select().from(chargeAttempts).where(inArray(chargeAttempts.subscriptionId, ids));
            for (const sub of ours) {
              const entries = allEntries.filter((e) => e.subscriptionId === sub.id);
              const balances = monthBalances(entries);
              const row = rows.find((r) => r.id === sub.id)!;
              const delivered = new Set(made.filter((d) => d.id === sub.id).map((d) => d.month));
              const awaited = allTries.filter(
                (t) => t.subscriptionId === sub.id && (t.outcome === 'pending' || t.outcome === 'processing'),
              );
              const months = new Set([...balances.map((b) => b.month), ...delivered]);
              for (const month of months) {
                const balance = balances.find((b) => b.month === month)?.balanceCents ?? 0;
                const inMonth = entries.filter((e) => e.month === month);
                const refunded = inMonth.filter((e) => e.kind === 'refund').reduce((sum, e) => sum - e.amountCents, 0);
                const what = { after, subscription: sub.email, month, balance, refunded, delivered: delivered.has(month), today };
                // Never less than nothing, never more than one payment.
                expect({ ...what, ok: balance >= 0 && balance <= PRICE_PER_MONTH_CENTS }).toEqual({ ...what, ok: true });
                if (delivered.has(month)) {
                  // Delivered: paid exactly once, net of carries; a refund given back after is recorded on the month.
                  // A charge still awaiting its answer at the delivery (processing, or the answer lost) is paid once
                  // that answer comes, or stays owed if the bank then says no.
                  const unanswered = unansweredAtDelivery.has(`${sub.id} ${month}`);
                  const lastTry = allTries
                    .filter((t) => t.subscriptionId === sub.id && t.month === month)
                    .sort((x, y) => x.attempt - y.attempt)
                    .at(-1);
                  const owed = unanswered && (lastTry?.outcome === 'declined' || (!settled && awaited.some((t) => t.month === month)));
                  expect({ ...what, paidOnce: balance + refunded === PRICE_PER_MONTH_CENTS || owed }).toEqual({ ...what, paidOnce: true });
                } else if (balance > 0) {
                  // Money held for a month not delivered: only while it is still to come, and will be delivered;
                  // on a month a failed payment held, until the first billing run after its delivery day carries it on;
                  // on a month a dispute holds, while it holds (a lost one until staff decide).
                  const stillToCome =
                    (month >= nextToDeliver && deliversOncePaid(row, month)) ||
                    heldOn.get(`${sub.id} ${month}`) === today ||
                    (row.status === 'disputed' && month >= row.statusFrom);
                  const held = { ...what, status: row.status, statusFrom: row.statusFrom };
                  expect({ ...held, stillToCome }).toEqual({ ...held, stillToCome: true });
                }
              }
              // The ledger holds what the provider took, less what it gave back (less any payment whose answer is still awaited).
              const session = [...fake.sessions.values()].find((s) => s.customer === sub.customer)!;
              const payments = [session.payment_intent!, ...fake.charges.filter((c) => c.customer === sub.customer).map((c) => c.id)];
              const taken =
                session.amount_total + fake.charges.filter((c) => c.customer === sub.customer).reduce((sum, c) => sum + c.amount, 0);
              const givenBack =
                fake.refunds.filter((r) => payments.includes(r.payment_intent)).reduce((sum, r) => sum + r.amount, 0) +
                stripe.returnedTo(sub.customer);
              const unheard = settled
                ? 0
                : fake.charges.filter((c) => awaited.some((t) => t.providerRef === c.id)).reduce((sum, c) => sum + c.amount, 0);
              const ledger = entries.reduce((sum, e) => sum + e.amountCents, 0);
              expect({ subscription: sub.email, ledger: ledger + unheard }).toEqual({ subscription: sub.email, ledger: taken - givenBack });
              // Each provider payment is one charge in the ledger, and each charge in the ledger a provider payment.
              const charged = entries
                .filter((e) => e.kind === 'charge')
                .map((e) => e.paymentRef)
                .sort();
              const heard = fake.charges.filter(
                (c) => c.customer === sub.customer && !(unheard && awaited.some((t) => t.providerRef === c.id)),
              );
              expect(charged.filter((ref) => !ref.startsWith('checkout:'))).toEqual(heard.map((c) => c.id).sort());
              // A dispute open or lost holds the subscription, and only then is it held by one, whatever order they were told in.
              const over = row.status === 'cancelled' || row.status === 'complete';
              const disputed = { after, subscription: sub.email, status: row.status, held: stripe.holds(sub.customer) };
              if (!over) expect({ ...disputed, ok: disputed.held === (row.status === 'disputed') }).toEqual({ ...disputed, ok: true });
              // The month whose money a lost dispute took back is not charged again.
              for (const back of entries.filter((e) => e.kind === 'refund' && e.entryRef?.startsWith('dp_'))) {
                const again = entries.filter((e) => e.kind === 'charge' && e.month === back.month && e.id > back.id);
                expect({ after, subscription: sub.email, month: back.month, chargedAgain: again.length }).toEqual({
                  after,
                  subscription: sub.email,
                  month: back.month,
                  chargedAgain: 0,
                });
              }
            }
          };

          for (const plan of plans) await subscribe(plan);
          await holds();
          for (const [index, s] of steps.entries()) {
            after = `step ${index + 1}, ${s.kind}`;
            await apply(s);
            stripe.observe(now);
            await holds();
          }
          // Then the answers still awaited come: every bank answers, and the runs after look them up.
          for (const sub of ours)
            for (const intent of [...fake.intents.values()].filter((i) => i.customer === sub.customer && i.status === 'processing'))
              fake.settle(intent.id, true);
          after = 'the answers awaited';
          await moveClock(3);
          // Stripe sends again what was answered 404, once the payments it names are known.
          await stripe.again();
          await holds(true);
          await database.db
            .update(subscriptions)
            .set({ status: 'complete' })
            .where(
              inArray(
                subscriptions.id,
                ours.map((o) => o.id),
              ),
            );
        }),
        {
          seed,
          // To replay a failure: MONEY_RULE_SEED and MONEY_RULE_PATH as printed.
          ...(process.env.MONEY_RULE_PATH ? { path: process.env.MONEY_RULE_PATH } : {}),
          numRuns: runs,
          verbose: 1,
          endOnFailure: true,
          examples: [
            // The bank answers a charge only after its month's delivery day.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'card', who: 0, behaves: 'processing' },
                  { kind: 'clock', days: 70 },
                  { kind: 'bank answers', who: 0, paid: true, told: false },
                  { kind: 'clock', days: 3 },
                ],
              },
            ],
            // A month owing part of the price after a staff refund, its payment told by the webhook before the run looks it up.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'refund', who: 0, pick: 0, cents: 4950, delivery: 'dropped' },
                  { kind: 'card', who: 0, behaves: 'processing' },
                  { kind: 'clock', days: 40 },
                  { kind: 'bank answers', who: 0, paid: true, told: true },
                  { kind: 'clock', days: 3 },
                ],
              },
            ],
            // Part of a month refunded, not delivered, on its delivery day once delivered: it stands as delivered.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'clock', days: 16 },
                  { kind: 'refund', who: 0, pick: 0, cents: 5659, delivery: 'dropped' },
                ],
              },
            ],
            // A one-month plan's payment carried a year ahead by a pause, then part of it refunded, not delivered: the rest goes on a year more.
            [
              {
                plans: [[8]],
                steps: [
                  { kind: 'clock', days: 62 },
                  { kind: 'account', who: 0, change: { kind: 'pause', ahead: 7, months: 2 } },
                  { kind: 'refund', who: 0, pick: 0, cents: 5460, delivery: 'dropped' },
                ],
              },
            ],
            // Cancelled, then part of its last month refunded, not delivered: no later delivery could take the rest, so it is refused.
            [
              {
                plans: [[3, 4]],
                steps: [
                  { kind: 'cancel', who: 0 },
                  { kind: 'refund', who: 0, pick: 0, cents: 6274, delivery: 'dropped' },
                ],
              },
            ],
            // A held month's retry paid after its delivery day: that month was not delivered, so its money goes on.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'card', who: 0, behaves: 'declines' },
                  { kind: 'clock', days: 40 },
                  { kind: 'card', who: 0, behaves: 'processing' },
                  { kind: 'clock', days: 2 },
                  { kind: 'clock', days: 5 },
                  { kind: 'bank answers', who: 0, paid: true, told: false },
                  { kind: 'clock', days: 1 },
                ],
              },
            ],
            // A month a dispute held past its delivery day, the dispute then won: its money goes on to the next delivery.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'dispute', who: 0, pick: 0, outcome: 'open' },
                  { kind: 'clock', days: 20 },
                  { kind: 'dispute', who: 0, pick: 0, outcome: 'won' },
                  { kind: 'clock', days: 30 },
                ],
              },
            ],
            // A dispute lost (its close told first), then another payment's dispute opened and won.
            [
              {
                plans: [ALL_MONTHS],
                steps: [
                  { kind: 'clock', days: 40 },
                  { kind: 'dispute', who: 0, pick: 1, outcome: 'lost' },
                  { kind: 'dispute', who: 0, pick: 0, outcome: 'open' },
                  { kind: 'dispute', who: 0, pick: 0, outcome: 'won' },
                  { kind: 'dispute', who: 0, pick: 1, outcome: 'open' },
                  { kind: 'clock', days: 40 },
                ],
              },
            ],
          ],
        },
      );
      // Printed so a slow run is noticed, and the seed to reproduce it (a failure prints its own seed and path).
      console.info(`money rule on ${kind}: ${runs} sequences, seed ${seed}, ${((Date.now() - began) / 1000).toFixed(1)} s`);
    },
    15 * 60_000,
  );
});
