import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { addDays, defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { emailOutbox, paymentDisputes, subscriptionEvents, subscriptions, users } from '../src/db/schema';
import { ledgerOf, paidMonthsOf } from '../src/read-models/ledger';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { startFakeStripe } from './support/fake-stripe';
import { signInWithGoogle } from './support/identities';
import { firstDeliveryOf, noonOn } from './support/fixtures';
import { sendStripeEvent, subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { testNow } from './support/test-now';
import { cancelSubscription } from '../src/services/account/changes';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const site = { contactEmail: 'studio@example.com', phone: '(801) 555-0142', accountUrl: 'https://blooms.example/account' } as never;

describe.each(DATABASE_KINDS)('Stripe events reconciled: later charges and disputes, once and in any order, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let staffToken = '';
  let now = testNow();
  let serial = 0;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        PUBLIC_URL: 'https://blooms.example',
      }),
      clock: () => now,
    });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    staffToken = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  beforeEach(() => {
    now = testNow();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  const month = addMonths(firstDeliveryOf(ALL).month, 1);
  const chargeDay = chargeDateFor(defaultDeliveryDate(month));
  const reread = async (id: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const paidMonths = async (id: string) => [...(await paidMonthsOf(database.db, id))].sort();
  const noticesTo = async (email: string) =>
    (await database.db.select().from(emailOutbox)).filter((mail) => mail.recipient.address === email && mail.kind === 'payment-failed');
  const event = (type: string, object: object, minutes: number) => ({
    id: `evt_${kind}_${++serial}`,
    type,
    created: new Date(noonOn(chargeDay).getTime() + minutes * 60_000),
    object,
  });
  async function send(e: ReturnType<typeof event>) {
    const response = await sendStripeEvent(app, e);
    expect(response.statusCode).toBe(200);
  }
  async function monthRow(id: string) {
    const response = await app.inject({ url: `/api/subscriptions?month=${month}`, headers: { authorization: `Bearer ${staffToken}` } });
    return (response.json().rows as { id: string; lifecycle: { status: string }; delivery: { scheduled: boolean } }[]).find(
      (row) => row.id === id,
    )!;
  }
  /** A subscriber whose next month's charge the bank is still processing: the PaymentIntent. */
  async function processingCharge(email: string) {
    const row = await subscribe(email);
    fake.cardBehaves(row.providerCustomerId!, 'processing');
    now = noonOn(chargeDay);
    await app.billing.runDue();
    const [intent] = [...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId);
    expect(intent!.status).toBe('processing');
    return { row, intent: intent! };
  }
  const subscribe = (email: string) => subscribeThroughStripe(app, database.db, fake, email, ALL);

  it('payment_intent.succeeded pays a processing month; a failure told later about the same charge, and replays, change nothing', async () => {
    const { row, intent } = await processingCharge(`processing-paid-${kind}@example.com`);
    const paid = fake.settle(intent.id, true);
    const succeeded = event('payment_intent.succeeded', paid, 10);
    const failed = event(
      'payment_intent.payment_failed',
      { ...paid, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Declined.' } },
      5,
    );
    for (const e of [succeeded, failed, succeeded, failed]) await send(e);
    expect(await paidMonths(row.id)).toContain(month);
    expect((await paidMonths(row.id)).filter((m) => m === month)).toHaveLength(1);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect(await noticesTo(row.email)).toHaveLength(0);
    // The worker's next run finds the month paid: no new charge.
    now = noonOn(addDays(chargeDay, 1));
    await app.billing.runDue();
    expect([...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId)).toHaveLength(1);
  });

  it('payment_intent.payment_failed holds a processing month with one notice, however often it is told; a later success releases it', async () => {
    const { row, intent } = await processingCharge(`processing-failed-${kind}@example.com`);
    const declined = fake.settle(intent.id, false);
    const failed = event('payment_intent.payment_failed', declined, 10);
    await send(failed);
    await send(failed);
    expect(await reread(row.id)).toMatchObject({ status: 'past-due', statusFrom: month });
    expect((await monthRow(row.id)).delivery.scheduled).toBe(false);
    expect(await noticesTo(row.email)).toHaveLength(1);

    // The next day's retry goes through (a new card), told by both the worker and the webhook: one payment.
    fake.replaceCard(row.providerCustomerId!);
    now = noonOn(addDays(chargeDay, 1));
    await app.billing.runDue();
    const retry = [...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId).at(-1)!;
    await send(event('payment_intent.succeeded', retry, 24 * 60 + 10));
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect((await paidMonths(row.id)).filter((m) => m === month)).toHaveLength(1);
    expect((await monthRow(row.id)).delivery.scheduled).toBe(true);
  });

  it('a payment that is not a subscription’s later charge (a checkout’s) changes nothing', async () => {
    await send(
      event('payment_intent.succeeded', { id: 'pi_someone_else', status: 'succeeded', amount: 9900, metadata: { reference: 'x' } }, 0),
    );
    await send(
      event(
        'payment_intent.payment_failed',
        { id: 'pi_forged', status: 'requires_payment_method', amount: 9900, metadata: { subscription_id: 'nope', month, attempt: '1' } },
        0,
      ),
    );
  });

  it('a dispute holds deliveries and is flagged to staff; won, they are released; each event once', async () => {
    const row = await subscribe(`disputed-won-${kind}@example.com`);
    const checkout = fake.sessions.get(row.checkoutSessionId!)!;
    const dispute = {
      id: `dp_won_${kind}`,
      object: 'dispute',
      payment_intent: checkout.payment_intent,
      amount: 9900,
      reason: 'fraudulent',
    };
    const opened = event('charge.dispute.created', { ...dispute, status: 'needs_response' }, 0);
    await send(opened);
    await send(opened);
    now = new Date(opened.created.getTime() + 60_000);
    expect(await reread(row.id)).toMatchObject({ status: 'disputed' });
    expect(await monthRow(row.id)).toMatchObject({ lifecycle: { status: 'disputed' }, delivery: { scheduled: false } });
    const listed = await app.inject({
      url: `/api/subscriptions?month=${month}&subscription=disputed`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(listed.json().rows.map((r: { id: string }) => r.id)).toContain(row.id);
    // A disputed subscription is not charged meanwhile.
    now = noonOn(chargeDay);
    await app.billing.runDue();
    expect([...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId)).toHaveLength(0);

    const won = event('charge.dispute.closed', { ...dispute, status: 'won' }, 60);
    await send(won);
    await send(won);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect((await monthRow(row.id)).delivery.scheduled).toBe(true);
    const history = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((e) => [e.kind, (e.detail as { outcome: string }).outcome])).toEqual([
      ['dispute', 'open'],
      ['dispute', 'won'],
    ]);
  });

  it('a lost dispute is recorded and the deliveries stay held; a close told before its opening holds nothing', async () => {
    const row = await subscribe(`disputed-lost-${kind}@example.com`);
    const dispute = {
      id: `dp_lost_${kind}`,
      object: 'dispute',
      payment_intent: fake.sessions.get(row.checkoutSessionId!)!.payment_intent,
      amount: 9900,
    };
    await send(event('charge.dispute.created', { ...dispute, status: 'needs_response' }, 0));
    const lost = event('charge.dispute.closed', { ...dispute, status: 'lost' }, 60);
    await send(lost);
    await send(lost);
    expect(await reread(row.id)).toMatchObject({ status: 'disputed' });
    expect(await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id))).toMatchObject([
      { status: 'lost', amountCents: 9900, subscriptionId: row.id },
    ]);
    // The bank gave the money back to the payer: the ledger says so, once, and the month it paid for is no longer paid.
    const refunds = (await ledgerOf(database.db, [row.id])).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => [entry.amountCents, entry.entryRef, entry.actorKind])).toEqual([[-9900, dispute.id, 'provider']]);
    expect(await paidMonths(row.id)).toEqual([]);

    const other = await subscribe(`disputed-late-${kind}@example.com`);
    const late = {
      id: `dp_late_${kind}`,
      object: 'dispute',
      payment_intent: fake.sessions.get(other.checkoutSessionId!)!.payment_intent,
      amount: 9900,
    };
    await send(event('charge.dispute.closed', { ...late, status: 'won' }, 60));
    await send(event('charge.dispute.created', { ...late, status: 'needs_response' }, 0));
    expect(await reread(other.id)).toMatchObject({ status: 'active' });
    expect(await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, late.id))).toMatchObject([{ status: 'won' }]);
  });

  /** Subscribers whose next month was charged to the saved card: each with its checkout's payment and that charge. */
  async function chargedTwice(emails: string[]) {
    const rows = [];
    for (const email of emails) rows.push(await subscribe(email));
    now = noonOn(chargeDay);
    await app.billing.runDue();
    return rows.map((row) => ({
      row,
      checkoutPayment: fake.sessions.get(row.checkoutSessionId!)!.payment_intent!,
      charge: fake.charges.find((c) => c.customer === row.providerCustomerId && c.metadata.month === month)!,
    }));
  }
  const disputeEvent = (id: string, payment: string, outcome: 'open' | 'won' | 'lost', minutes: number) =>
    event(
      outcome === 'open' ? 'charge.dispute.created' : 'charge.dispute.closed',
      { id, object: 'dispute', payment_intent: payment, amount: 9900, status: outcome === 'open' ? 'needs_response' : outcome },
      minutes,
    );

  it('a dispute lost keeps its hold when another dispute of the subscription is then won, and the month taken back is not charged again', async () => {
    const { row, checkoutPayment, charge } = (await chargedTwice([`lost-then-won-${kind}@example.com`]))[0]!;
    await send(disputeEvent(`dp_a_${kind}`, charge.id, 'open', 30));
    await send(disputeEvent(`dp_a_${kind}`, charge.id, 'lost', 40));
    await send(disputeEvent(`dp_b_${kind}`, checkoutPayment, 'open', 50));
    await send(disputeEvent(`dp_b_${kind}`, checkoutPayment, 'won', 60));
    expect(await reread(row.id)).toMatchObject({ status: 'disputed' });
    expect(await paidMonths(row.id)).not.toContain(month);
    expect(await monthRow(row.id)).toMatchObject({ lifecycle: { status: 'disputed' }, delivery: { scheduled: false } });
    // The next days' runs, while the month's delivery day has not come, do not charge it again.
    for (const day of [1, 2]) {
      now = noonOn(addDays(chargeDay, day));
      await app.billing.runDue();
    }
    expect(fake.charges.filter((c) => c.customer === row.providerCustomerId)).toEqual([charge]);
  });

  it('a dispute lost on a cancelled subscription whose last delivery is still to come holds it: that month is not charged again', async () => {
    const row = await subscribe(`cancelled-lost-${kind}@example.com`);
    // Cancelled past the month's last day for changes: it is still delivered, and charged on its charge date.
    now = noonOn(chargeDay);
    await cancelSubscription({ db: database.db, site, now }, row.email, row.id);
    await app.billing.runDue();
    const charge = fake.charges.find((c) => c.customer === row.providerCustomerId)!;
    expect(charge.metadata.month).toBe(month);
    await send(disputeEvent(`dp_cancelled_${kind}`, charge.id, 'open', 30));
    await send(disputeEvent(`dp_cancelled_${kind}`, charge.id, 'lost', 40));
    expect(await reread(row.id)).toMatchObject({ status: 'disputed', endsAfter: month });
    now = noonOn(addDays(chargeDay, 1));
    await app.billing.runDue();
    expect(fake.charges.filter((c) => c.customer === row.providerCustomerId)).toEqual([charge]);
    expect(await monthRow(row.id)).toMatchObject({ delivery: { scheduled: false } });
  });

  it('a lost dispute of a charge whose answer is not heard yet is answered 404, for Stripe to send again, and then taken back from that charge', async () => {
    const row = await subscribe(`dispute-unheard-${kind}@example.com`);
    now = noonOn(chargeDay);
    fake.loseAnswers(true);
    await app.billing.runDue();
    fake.loseAnswers(false);
    const charge = fake.charges.find((c) => c.customer === row.providerCustomerId)!;
    const lost = disputeEvent(`dp_unheard_${kind}`, charge.id, 'lost', 30);
    expect((await sendStripeEvent(app, lost)).statusCode).toBe(404);
    expect((await ledgerOf(database.db, [row.id])).filter((entry) => entry.kind === 'refund')).toEqual([]);
    // The next run looks the charge up; Stripe sends the event again.
    now = noonOn(addDays(chargeDay, 1));
    await app.billing.runDue();
    await send(lost);
    const refunds = (await ledgerOf(database.db, [row.id])).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => [entry.paymentRef, entry.month, entry.amountCents])).toEqual([[charge.id, month, -9900]]);
    expect(await paidMonths(row.id)).toEqual([firstDeliveryOf(ALL).month]);
  });

  it('disputes of one subscription told in any order, opened or closed first, give one answer', async () => {
    const orders: ['a' | 'b', 'open' | 'won' | 'lost'][][] = [
      [
        ['a', 'open'],
        ['a', 'lost'],
        ['b', 'open'],
        ['b', 'won'],
      ],
      [
        ['b', 'open'],
        ['a', 'open'],
        ['b', 'won'],
        ['a', 'lost'],
      ],
      [
        ['a', 'lost'],
        ['b', 'won'],
        ['a', 'open'],
        ['b', 'open'],
      ],
      [
        ['b', 'won'],
        ['b', 'open'],
        ['a', 'lost'],
        ['a', 'open'],
      ],
    ];
    const charged = await chargedTwice(orders.map((_, i) => `any-order-${i}-${kind}@example.com`));
    const answers = [];
    for (const [i, order] of orders.entries()) {
      const { row, checkoutPayment, charge } = charged[i]!;
      for (const [step, [which, outcome]] of order.entries())
        await send(disputeEvent(`dp_${which}_${i}_${kind}`, which === 'a' ? charge.id : checkoutPayment, outcome, 30 + step));
      const refunds = (await ledgerOf(database.db, [row.id])).filter((entry) => entry.kind === 'refund');
      answers.push({
        status: (await reread(row.id)).status,
        takenBack: refunds.map((entry) => [entry.month, entry.amountCents, entry.paymentRef === charge.id]),
        paid: await paidMonths(row.id),
      });
    }
    expect(answers).toEqual(
      orders.map(() => ({ status: 'disputed', takenBack: [[month, -9900, true]], paid: [firstDeliveryOf(ALL).month] })),
    );
  });

  it('two disputes won, in either order, give back the status held before the first (past due)', async () => {
    const next = addMonths(month, 1);
    const charged = await chargedTwice([`won-ab-${kind}@example.com`, `won-ba-${kind}@example.com`]);
    for (const { row } of charged) fake.declineCard(row.providerCustomerId!);
    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await app.billing.runDue();
    for (const [i, { row, checkoutPayment, charge }] of charged.entries()) {
      expect(await reread(row.id)).toMatchObject({ status: 'past-due' });
      await send(disputeEvent(`dp_pa_${i}_${kind}`, checkoutPayment, 'open', 7 * 24 * 60));
      await send(disputeEvent(`dp_pb_${i}_${kind}`, charge.id, 'open', 7 * 24 * 60 + 1));
      const closes = [
        disputeEvent(`dp_pa_${i}_${kind}`, checkoutPayment, 'won', 7 * 24 * 60 + 2),
        disputeEvent(`dp_pb_${i}_${kind}`, charge.id, 'won', 7 * 24 * 60 + 3),
      ];
      for (const close of i === 0 ? closes : closes.reverse()) await send(close);
    }
    expect(await Promise.all(charged.map(async ({ row }) => (await reread(row.id)).status))).toEqual(['past-due', 'past-due']);
  });

  it('keeps the signature check: an unsigned or wrongly signed dispute changes nothing', async () => {
    const row = await subscribe(`unsigned-${kind}@example.com`);
    const dispute = {
      id: `dp_forged_${kind}`,
      object: 'dispute',
      payment_intent: fake.sessions.get(row.checkoutSessionId!)!.payment_intent,
      amount: 9900,
      status: 'needs_response',
    };
    const forged = await sendStripeEvent(app, event('charge.dispute.created', dispute, 0), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect(await database.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id))).toEqual([]);
    const malformed = await sendStripeEvent(app, event('charge.dispute.created', { id: dispute.id }, 0));
    expect(malformed.statusCode).toBe(400);
    // A payment told without what it took cannot be recorded as taken.
    const noAmount = await sendStripeEvent(app, event('payment_intent.succeeded', { id: 'pi_no_amount', status: 'succeeded' }, 0));
    expect(noAmount.statusCode).toBe(400);
  });
});
