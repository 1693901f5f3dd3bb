import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { chargeDateFor, type Account } from '@blooms/shared/contract/account';
import { addDays, defaultDeliveryDate, studioDate, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { CHARGE_CONFIRMATION_MESSAGES } from '@blooms/shared/contract/charge-confirmation';
import { chargeAttempts, subscriptionEvents, subscriptions, users } from '../src/db/schema';
import { paidMonthsOf } from '../src/read-models/ledger';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { startFakeStripe } from './support/fake-stripe';
import { startSmtpServer } from './support/smtp';
import { mailText } from './support/mail-text';
import { waitFor } from './support/wait-for';
import { signInWithGoogle } from './support/identities';
import { firstDeliveryOf, noonOn } from './support/fixtures';
import { subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { testNow } from './support/test-now';

const monthNumber = (month: MonthKey) => Number(month.slice(5, 7));

describe.each(DATABASE_KINDS)('each month with a delivery charged through Stripe on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let staffToken = '';
  /** The server's clock: the tests move it forward day by day. */
  let now = testNow();

  const config = () =>
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://blooms.example',
    });

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    smtp = await startSmtpServer();
    app = await startTestServer(database, { config: config(), clock: () => now });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    staffToken = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  // Each test starts today: checkouts take their first delivery from the server's clock.
  beforeEach(() => {
    now = testNow();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await smtp.close();
    await database.destroy();
  });

  const subscribe = (email: string, months: number[]) => subscribeThroughStripe(app, database.db, fake, email, months);

  /** Runs the billing worker at noon of every day from..to, as its hourly schedule would. */
  async function runDaily(from: IsoDate, to: IsoDate) {
    for (let day = from; day <= to; day = addDays(day, 1)) {
      now = noonOn(day);
      await app.billing.runDue();
    }
  }
  const chargesOf = (customerId: string | null) => fake.charges.filter((charge) => charge.customer === customerId);
  const paidMonths = async (id: string) => [...(await paidMonthsOf(database.db, id))].sort();
  const reread = async (id: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mailText(mail.raw));
  /** A Yearly subscriber whose next month's charge waits for their bank's authentication: the month, its charge day and the e-mail's link. */
  async function awaitingAuthentication(email: string) {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe(email, all);
    const chargeDay = chargeDateFor(defaultDeliveryDate(month));
    fake.cardBehaves(row.providerCustomerId!, 'needs-authentication');
    await runDaily(studioDate(testNow()), chargeDay);
    const [tried] = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.subscriptionId, row.id));
    return { row, month, chargeDay, path: `/payment/confirm/${tried!.authenticationToken}` };
  }
  /** The subscriber presses the confirmation page's button (a plain form). */
  const pressConfirm = (path: string) =>
    app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  /** The confirmation page's button asks Stripe nothing, and the month stays unpaid. */
  async function expectConfirmingRefused(path: string, id: string, month: MonthKey) {
    const asked = fake.requests.length;
    expect((await pressConfirm(path)).headers.location).toBe(path);
    expect(fake.requests.slice(asked).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await paidMonths(id)).not.toContain(month);
  }
  async function monthRow(month: string, id: string) {
    const response = await app.inject({ url: `/api/subscriptions?month=${month}`, headers: { authorization: `Bearer ${staffToken}` } });
    return (
      response.json().rows as { id: string; lifecycle: { status: string; statusFrom: string }; delivery: { scheduled: boolean } }[]
    ).find((row) => row.id === id)!;
  }

  it('a Custom plan of 3 months is charged 3 times in a year: at checkout, then each month on its charge date, once', async () => {
    const first = addMonths(studioDate(testNow()).slice(0, 7), 1);
    const plan = [first, addMonths(first, 4), addMonths(first, 8)];
    const row = await subscribe('three@example.com', plan.map(monthNumber));
    expect(row.providerCustomerId).toMatch(/^cus_test_/);
    expect(await paidMonths(row.id)).toEqual([first]);

    const yearEnd = defaultDeliveryDate(addMonths(first, 11));
    await runDaily(studioDate(testNow()), yearEnd);
    const charges = chargesOf(row.providerCustomerId);
    expect(charges.map((charge) => charge.metadata.month)).toEqual(plan.slice(1));
    expect(charges.every((charge) => charge.amount === 9900 && charge.currency === 'usd')).toBe(true);
    // Each on the first day it could be: the day after the month's last day for changes; confirmed off-session.
    const confirmed = fake.requests.filter((r) => charges.some((charge) => r.path === `/v1/payment_intents/${charge.id}/confirm`));
    expect(confirmed.map((r) => r.form.get('off_session'))).toEqual(['true', 'true']);
    const attempts = await database.db
      .select()
      .from(chargeAttempts)
      .where(eq(chargeAttempts.subscriptionId, row.id))
      .orderBy(chargeAttempts.id);
    expect(attempts.map((a) => [a.month, studioDate(a.at), a.outcome])).toEqual(
      plan.slice(1).map((month) => [month, chargeDateFor(defaultDeliveryDate(month)), 'paid']),
    );
    expect(await paidMonths(row.id)).toEqual(plan);
  });

  it('skipped and paused months are not charged, nor anything after a cancellation but the deliveries already certain', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const first = firstDeliveryOf(all).month;
    const row = await subscribe('yearly@example.com', all);
    const token = (await signInWithGoogle('yearly@example.com')).idToken;
    const as = { authorization: `Bearer ${token}` };
    now = testNow();
    expect(
      (await app.inject({ method: 'PUT', url: `/api/account/subscriptions/${row.id}/skips/${addMonths(first, 1)}`, headers: as }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/account/subscriptions/${row.id}/pause`,
          headers: as,
          payload: { from: addMonths(first, 3), months: 2 },
        })
      ).statusCode,
    ).toBe(200);

    // Through the charge date of the sixth month: first (checkout), +2 and +5 are paid; +1 skipped, +3 and +4 paused.
    await runDaily(studioDate(testNow()), chargeDateFor(defaultDeliveryDate(addMonths(first, 5))));
    expect(chargesOf(row.providerCustomerId).map((charge) => charge.metadata.month)).toEqual([addMonths(first, 2), addMonths(first, 5)]);

    // Cancelled the day after +5 was charged: that delivery still comes (it was paid), nothing after it is charged.
    const cancelled = await app.inject({ method: 'POST', url: `/api/account/subscriptions/${row.id}/cancel`, headers: as });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().lastDelivery).toBeTruthy();
    await runDaily(addDays(studioDate(now), 1), defaultDeliveryDate(addMonths(first, 11)));
    expect(chargesOf(row.providerCustomerId)).toHaveLength(2);
    expect(await paidMonths(row.id)).toEqual([first, addMonths(first, 2), addMonths(first, 5)]);
  });

  it('a declined card holds the month and tells the subscriber once; a new card from the customer portal is charged the next day', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe('declined@example.com', all);
    const chargeDay = chargeDateFor(defaultDeliveryDate(month));
    fake.declineCard(row.providerCustomerId!);

    await runDaily(studioDate(testNow()), chargeDay);
    expect(await reread(row.id)).toMatchObject({ status: 'past-due', statusFrom: month });
    expect(await monthRow(month, row.id)).toMatchObject({
      lifecycle: { status: 'past-due', statusFrom: month },
      delivery: { scheduled: false },
    });
    expect((await monthRow(addMonths(month, -1), row.id)).delivery.scheduled).toBe(true);

    // Run again the same day: no second try. The next day: a second decline, and still one notice.
    await app.billing.runDue();
    await runDaily(addDays(chargeDay, 1), addDays(chargeDay, 1));
    const tries = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.form.get('customer') === row.providerCustomerId);
    expect(tries.map((r) => r.idempotencyKey)).toEqual([`blooms-charge-${row.id}-${month}-1`, `blooms-charge-${row.id}-${month}-2`]);
    const notices = () =>
      mailsTo('declined@example.com').filter((mail) => mail.includes('Subject: Your Monthly Blooms payment did not go through'));
    await app.emailOutbox.wake();
    await waitFor(() => notices().length > 0);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toContain('https://blooms.example/account');

    // The subscriber changes the card in Stripe's customer portal, reached from the account.
    const token = (await signInWithGoogle('declined@example.com')).idToken;
    const account = (await app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } })).json() as Account;
    expect(account.cardUpdates).toBe(true);
    const portal = await app.inject({
      method: 'POST',
      url: `/api/account/subscriptions/${row.id}/card`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests.at(-1)!.form.get('return_url')).toBe('https://blooms.example/account');
    const someoneElse = await app.inject({
      method: 'POST',
      url: `/api/account/subscriptions/${row.id}/card`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json().message).toBe(ACCOUNT_MESSAGES.notYours);
    fake.replaceCard(row.providerCustomerId!);

    await runDaily(addDays(chargeDay, 2), addDays(chargeDay, 2));
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect(await paidMonths(row.id)).toContain(month);
    expect((await monthRow(month, row.id)).delivery.scheduled).toBe(true);
    const history = await database.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, row.id))
      .orderBy(subscriptionEvents.id);
    expect(history.map((event) => [event.actorKind, (event.detail as { to: { status: string } }).to.status])).toEqual([
      ['provider', 'past-due'],
      ['provider', 'active'],
    ]);
    expect(notices()).toHaveLength(1);
  });

  it('a charge whose answer was lost is looked up days later, after Stripe forgot its key: the month is charged once', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe('lost-answer@example.com', all);
    const chargeDay = chargeDateFor(defaultDeliveryDate(month));

    // The charge goes through at Stripe, but the connection drops before its answer arrives.
    fake.loseAnswers(true);
    now = noonOn(chargeDay);
    expect(await app.billing.runDue()).toMatchObject({ paid: 0, failed: 1 });
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
    expect(await paidMonths(row.id)).not.toContain(month);
    fake.loseAnswers(false);

    // Two days later Stripe no longer knows the idempotency key: the payment kept before it was confirmed is looked up instead.
    fake.forgetIdempotencyKeys();
    now = noonOn(addDays(chargeDay, 2));
    expect(await app.billing.runDue()).toMatchObject({ paid: 1, failed: 0 });
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
    expect(await paidMonths(row.id)).toContain(month);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    const tries = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.subscriptionId, row.id));
    expect(tries.map((t) => [t.month, t.attempt, t.outcome, t.providerRef])).toEqual([
      [month, 1, 'paid', chargesOf(row.providerCustomerId)[0]!.id],
    ]);
    await runDaily(addDays(chargeDay, 3), defaultDeliveryDate(month));
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
  });

  it('a charge the bank wants authenticated waits for the subscriber, who confirms it from the e-mail on Stripe’s page: the month is paid and delivers', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe('authenticate@example.com', all);
    const chargeDay = chargeDateFor(defaultDeliveryDate(month));
    fake.cardBehaves(row.providerCustomerId!, 'needs-authentication');

    await runDaily(studioDate(testNow()), chargeDay);
    expect(await reread(row.id)).toMatchObject({ status: 'needs-authentication', statusFrom: month });
    expect(await monthRow(month, row.id)).toMatchObject({ lifecycle: { status: 'needs-authentication' }, delivery: { scheduled: false } });
    const [intent] = [...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId);
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } });

    // The subscriber is asked once, with a link to our page; the daily retry does not charge again meanwhile.
    await app.emailOutbox.wake();
    const asked = () =>
      mailsTo('authenticate@example.com').filter((mail) => mail.includes('Subject: Please confirm your Monthly Blooms payment'));
    await waitFor(() => asked().length > 0);
    const link = /https:\/\/blooms\.example\/payment\/confirm\/\S+/.exec(asked()[0]!)![0];
    await runDaily(addDays(chargeDay, 1), addDays(chargeDay, 2));
    expect(fake.requests.filter((r) => r.method === 'POST' && r.form.get('customer') === row.providerCustomerId)).toHaveLength(1);
    expect(await reread(row.id)).toMatchObject({ status: 'needs-authentication' });
    expect(asked()).toHaveLength(1);
    expect(mailsTo('authenticate@example.com').some((mail) => mail.includes('did not go through'))).toBe(false);

    const path = new URL(link).pathname;
    const waiting = await app.inject(path);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain(CHARGE_CONFIRMATION_MESSAGES.waiting);
    // The button sends them to Stripe's page for the bank's check, coming back to ours.
    const step = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toBe(`https://hooks.stripe.test/3d_secure/${intent!.id}`);
    expect(fake.intents.get(intent!.id)!.next_action!.redirect_to_url.return_url).toBe(link);
    fake.authenticate(intent!.id, true);

    const done = await app.inject(path);
    expect(done.body).toContain(CHARGE_CONFIRMATION_MESSAGES.paid);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    expect(await paidMonths(row.id)).toContain(month);
    // Confirmed, it is a payment like any other: its receipt is e-mailed then, not at the next billing run.
    await app.emailOutbox.wake();
    await waitFor(() => mailsTo('authenticate@example.com').some((mail) => mail.includes('receipt') && mail.includes('4242')));
    expect((await monthRow(month, row.id)).delivery.scheduled).toBe(true);
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
    // Opened again, or the worker's next run: nothing more is charged or recorded.
    await runDaily(addDays(chargeDay, 3), addDays(chargeDay, 3));
    expect((await app.inject(path)).body).toContain(CHARGE_CONFIRMATION_MESSAGES.paid);
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
    expect((await app.inject('/payment/confirm/not-a-token')).statusCode).toBe(404);
  });

  it('a charge left unconfirmed past its delivery day can no longer be confirmed: that month was not delivered', async () => {
    const { row, month, path } = await awaitingAuthentication('too-late@example.com');

    now = noonOn(addDays(defaultDeliveryDate(month), 1));
    expect((await app.inject(path)).body).toContain(CHARGE_CONFIRMATION_MESSAGES.expired);
    await expectConfirmingRefused(path, row.id, month);
  });

  it('a charge awaiting authentication can no longer be confirmed once the subscription is cancelled: that month is not delivered, so nothing is taken', async () => {
    const { row, month, path } = await awaitingAuthentication('cancelled-unconfirmed@example.com');

    const token = (await signInWithGoogle('cancelled-unconfirmed@example.com')).idToken;
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/account/subscriptions/${row.id}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await reread(row.id)).endsAfter! < month).toBe(true);
    expect((await app.inject(path)).body).toContain(CHARGE_CONFIRMATION_MESSAGES.notDelivered);
    await expectConfirmingRefused(path, row.id, month);
  });

  it('a charge the bank declines outright when the subscriber comes to confirm it is a decline: past due, tried again daily', async () => {
    const { row, month, chargeDay, path } = await awaitingAuthentication('declined-on-confirm@example.com');

    fake.declineCard(row.providerCustomerId!);
    expect((await pressConfirm(path)).headers.location).toBe(path);
    expect((await app.inject(path)).body).toContain(CHARGE_CONFIRMATION_MESSAGES.declined);
    expect(await reread(row.id)).toMatchObject({ status: 'past-due', statusFrom: month });
    fake.replaceCard(row.providerCustomerId!);
    await runDaily(addDays(chargeDay, 1), addDays(chargeDay, 1));
    expect(await paidMonths(row.id)).toContain(month);
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
  });

  it('a charge the bank is still processing waits instead of counting as a decline, and is paid once the bank answers', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe('processing@example.com', all);
    const chargeDay = chargeDateFor(defaultDeliveryDate(month));
    fake.cardBehaves(row.providerCustomerId!, 'processing');

    await runDaily(studioDate(testNow()), addDays(chargeDay, 1));
    expect(await reread(row.id)).toMatchObject({ status: 'active' });
    const intents = [...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId);
    expect(intents.map((i) => i.status)).toEqual(['processing']);
    expect(await paidMonths(row.id)).not.toContain(month);

    fake.settle(intents[0]!.id, true);
    await runDaily(addDays(chargeDay, 2), addDays(chargeDay, 2));
    expect(await paidMonths(row.id)).toContain(month);
    expect([...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId)).toHaveLength(1);
    expect(mailsTo('processing@example.com').some((mail) => mail.includes('did not go through'))).toBe(false);
  });

  it('two instances charging at the same time take each month once', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const month = addMonths(firstDeliveryOf(all).month, 1);
    const row = await subscribe('twice@example.com', all);
    const other = await startTestServer(database, { config: config(), clock: () => now });
    try {
      now = noonOn(chargeDateFor(defaultDeliveryDate(month)));
      const runs = await Promise.all([app.billing.runDue(), other.billing.runDue(), app.billing.runDue()]);
      expect(runs.every((run) => run.failed === 0)).toBe(true);
    } finally {
      await other.close();
    }
    expect(chargesOf(row.providerCustomerId)).toHaveLength(1);
    expect((await paidMonths(row.id)).filter((paid) => paid === month)).toHaveLength(1);
  });

  it('with real payments there is no test clock: the time is real', async () => {
    expect((await app.inject({ url: TEST_CLOCK_PATH })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { today: '2030-01-01' } })).statusCode).toBe(404);
  });

  it('the test checkout has no card to update', async () => {
    const local = await startTestServer(database, { config: testConfig({ PUBLIC_URL: 'https://blooms.example', PAYMENTS: 'test' }) });
    try {
      const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.email, 'twice@example.com'));
      const token = (await signInWithGoogle('twice@example.com')).idToken;
      const response = await local.inject({
        method: 'POST',
        url: `/api/account/subscriptions/${row!.id}/card`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.noCardPage);
    } finally {
      await local.close();
    }
  });
});
