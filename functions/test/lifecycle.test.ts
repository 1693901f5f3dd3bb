import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { defaultDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { providerEvents, subscriptionEvents, subscriptions, users } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { startFakeStripe } from './support/fake-stripe';
import { startSmtpServer } from './support/smtp';
import { mailText } from './support/mail-text';
import { waitFor } from './support/wait-for';
import { signInWithGoogle } from './support/identities';

const WEBHOOK_SECRET = 'whsec_lifecycle';
const stripe = new Stripe('sk_test_123');

/** The last month whose delivery day has come at that instant, by the usual rule (no month is moved here). */
function lastDeliveredMonth(at: Date) {
  const today = studioDate(at);
  const month = today.slice(0, 7);
  return defaultDeliveryDate(month) <= today ? month : addMonths(month, -1);
}

describe.each(DATABASE_KINDS)('a subscription kept in step with Stripe on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let staffToken = '';
  /** Seconds, as Stripe stamps events; each test's events come after the last one's. */
  let clock = Math.floor(Date.now() / 1000);
  let serial = 0;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    smtp = await startSmtpServer();
    app = await startTestServer(database, {
      config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url, SMTP_URL: smtp.url, PUBLIC_URL: 'https://blooms.example' }),
    });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    staffToken = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await smtp.close();
    await database.destroy();
  });

  function send(type: string, object: object, options: { id?: string; created?: number } = {}) {
    const body = JSON.stringify({ id: options.id ?? `evt_${kind}_${++serial}`, object: 'event', type, created: options.created ?? ++clock, data: { object } });
    return app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) },
      payload: body,
    });
  }
  const invoice = (subscription: string) => ({ id: `in_${++serial}`, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription } } });
  const stripeSubscription = (id: string, status: string, cancelAt: number | null = null) => ({ id, object: 'subscription', status, cancel_at: cancelAt });

  /** A customer who subscribed and paid through Stripe Checkout, with the webhook that says so. */
  async function subscribe(email: string) {
    const form = { ...EMPTY_SUBSCRIBE_FORM, firstName: 'Rosa', lastName: 'Diaz', email, phone: '8015550111', address: '1 Main St', city: 'Provo', zip: '84601' };
    const started = await app.inject({ method: 'POST', url: '/api/createCheckoutSession', payload: { data: buildCheckoutPayload(form) } });
    const { sessionId } = started.json().result as { sessionId: string };
    const paid = fake.pay(sessionId);
    expect((await send('checkout.session.completed', paid)).statusCode).toBe(200);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    return { row: row!, stripeId: paid.subscription! };
  }
  const reread = async (id: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const historyOf = (id: string) => database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(subscriptionEvents.id);
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mailText(mail.raw));
  async function monthRow(month: string, query = '') {
    const response = await app.inject({ url: `/api/subscriptions?month=${month}${query}`, headers: { authorization: `Bearer ${staffToken}` } });
    expect(response.statusCode).toBe(200);
    return response.json().rows as { id: string; lifecycle: { status: string; statusFrom: string; endsAfter: string | null }; delivery: { scheduled: boolean } }[];
  }

  it('links the paid checkout to its Stripe customer and subscription', async () => {
    const { row, stripeId } = await subscribe('linked@example.com');
    expect(row.providerSubscriptionId).toBe(stripeId);
    expect(row.providerCustomerId).toMatch(/^cus_test_/);
    expect(row.status).toBe('active');
  });

  it('a failed renewal makes it past due from the next undelivered month, tells the subscriber once, and a payment brings it back', async () => {
    const { row, stripeId } = await subscribe('late@example.com');
    const failed = { id: `evt_fail_${kind}`, created: ++clock };
    expect((await send('invoice.payment_failed', invoice(stripeId), failed)).statusCode).toBe(200);
    let stored = await reread(row.id);
    const from = addMonths(lastDeliveredMonth(new Date(failed.created * 1000)), 1);
    expect(stored).toMatchObject({ status: 'past-due', statusFrom: from, endsAfter: null });

    // The same event again, and a second failure: nothing more changes, no second notice.
    expect((await send('invoice.payment_failed', invoice(stripeId), failed)).statusCode).toBe(200);
    expect((await send('invoice.payment_failed', invoice(stripeId))).statusCode).toBe(200);
    const notices = () => mailsTo('late@example.com').filter((mail) => mail.includes('Subject: Your Monthly Blooms payment did not go through'));
    await waitFor(() => notices().length > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toContain('we hold your deliveries');

    // Staff see it marked, and its deliveries held from that month on; earlier months keep theirs.
    const held = (await monthRow(from)).find((r) => r.id === row.id)!;
    expect(held.lifecycle).toEqual({ status: 'past-due', statusFrom: from, endsAfter: null });
    expect(held.delivery.scheduled).toBe(false);
    expect((await monthRow(addMonths(from, -1))).find((r) => r.id === row.id)!.delivery.scheduled).toBe(true);
    expect((await monthRow(from, '&subscription=past-due')).map((r) => r.id)).toEqual([row.id]);
    expect((await monthRow(from, '&scheduled=yes')).map((r) => r.id)).not.toContain(row.id);

    expect((await send('invoice.paid', invoice(stripeId))).statusCode).toBe(200);
    stored = await reread(row.id);
    expect(stored.status).toBe('active');
    expect((await monthRow(from)).find((r) => r.id === row.id)!.delivery.scheduled).toBe(true);
    expect((await historyOf(row.id)).map((event) => [event.actorKind, (event.detail as { to: { status: string } }).to.status])).toEqual([
      ['provider', 'past-due'],
      ['provider', 'active'],
    ]);
  });

  it('cancelled at Stripe, it ends after the last delivery made, and stays cancelled whatever arrives late or replayed', async () => {
    const { row, stripeId } = await subscribe('gone@example.com');
    const olderUpdate = ++clock;
    const deleted = { id: `evt_deleted_${kind}`, created: ++clock };
    expect((await send('customer.subscription.deleted', stripeSubscription(stripeId, 'canceled'), deleted)).statusCode).toBe(200);
    const endsAfter = lastDeliveredMonth(new Date(deleted.created * 1000));
    expect(await reread(row.id)).toMatchObject({ status: 'cancelled', endsAfter });

    // An older "active" update arriving after the deletion, a newer one, a late payment, the deletion again.
    expect((await send('customer.subscription.updated', stripeSubscription(stripeId, 'active'), { created: olderUpdate })).statusCode).toBe(200);
    expect((await send('customer.subscription.updated', stripeSubscription(stripeId, 'active'))).statusCode).toBe(200);
    expect((await send('invoice.paid', invoice(stripeId))).statusCode).toBe(200);
    expect((await send('customer.subscription.deleted', stripeSubscription(stripeId, 'canceled'), deleted)).statusCode).toBe(200);
    expect(await reread(row.id)).toMatchObject({ status: 'cancelled', endsAfter });
    expect(await historyOf(row.id)).toHaveLength(1);

    // History stays: the month of its last delivery still delivers; the next one does not.
    expect((await monthRow(endsAfter)).find((r) => r.id === row.id)!.delivery.scheduled).toBe(true);
    expect((await monthRow(addMonths(endsAfter, 1))).find((r) => r.id === row.id)).toMatchObject({ lifecycle: { status: 'cancelled', endsAfter }, delivery: { scheduled: false } });
  });

  it('set to cancel at the end of the period, it keeps delivering until then', async () => {
    const { row, stripeId } = await subscribe('leaving@example.com');
    const cancelAt = new Date(Date.UTC(2031, 2, 20));
    expect((await send('customer.subscription.updated', stripeSubscription(stripeId, 'active', cancelAt.getTime() / 1000))).statusCode).toBe(200);
    expect(await reread(row.id)).toMatchObject({ status: 'active', endsAfter: '2031-03' });
    expect((await send('customer.subscription.updated', stripeSubscription(stripeId, 'active', null))).statusCode).toBe(200);
    expect(await reread(row.id)).toMatchObject({ status: 'active', endsAfter: null });
  });

  it('refuses an event for a subscription it does not know yet, so Stripe sends it again, and records nothing', async () => {
    const response = await send('invoice.payment_failed', invoice('sub_not_yet_linked'), { id: `evt_early_${kind}` });
    expect(response.statusCode).toBe(409);
    expect(await database.db.select().from(providerEvents).where(eq(providerEvents.id, `evt_early_${kind}`))).toEqual([]);
  });

  it('ignores invoices that bill no subscription', async () => {
    const response = await send('invoice.paid', { id: 'in_one_off', object: 'invoice', parent: null });
    expect(response.statusCode).toBe(200);
  });
});
