import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { LATER_CHARGES, MONEY_RULE } from '@blooms/shared/contract/site';
import { checkoutSessions, emailOutbox, subscriptions } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { startFakeStripe } from './support/fake-stripe';
import { startSmtpServer } from './support/smtp';
import { mailText } from './support/mail-text';
import { waitFor } from './support/wait-for';
import { call, payload } from './support/checkout-payload';

describe.each(DATABASE_KINDS)('checkout with Stripe (a local fake of its API) and SMTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs: string[] = [];
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const WEBHOOK_SECRET = 'whsec_test_secret';
  const stripe = new Stripe('sk_test_123');

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    smtp = await startSmtpServer();
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://blooms.example',
      }),
      logTo: { write: (line) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await smtp.close();
    await database.destroy();
  });

  /** The e-mails queued for an address: every one the outbox will send, so a duplicate shows here without waiting for it. */
  const queuedFor = async (email: string) =>
    (await database.db.select().from(emailOutbox)).filter((mail) => mail.recipient.address === email);

  function webhook(session: object, options: { secret?: string; tamper?: boolean; signed?: boolean } = {}) {
    return signedEvent(
      { id: `evt_${Math.random().toString(16).slice(2)}`, object: 'event', type: 'checkout.session.completed', data: { object: session } },
      options,
    );
  }

  function signedEvent(event: object | string, options: { secret?: string; tamper?: boolean; signed?: boolean } = {}) {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? WEBHOOK_SECRET });
    return app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(options.signed === false ? {} : { 'stripe-signature': header }) },
      payload: options.tamper ? body.replace('paid', 'PAID') : body,
    });
  }

  async function startCheckout(email: string) {
    const response = await call(
      app,
      'createCheckoutSession',
      payload({ email, sub_id: `${email.replace(/[^a-z0-9]/gi, '')}-1795300000000` }),
    );
    expect(response.statusCode).toBe(200);
    return response.json().result as { url: string; sessionId: string };
  }

  it('creates a payment-mode Checkout Session for the first $99 that saves the card, form-encoded as the SDK sends it', async () => {
    const { url, sessionId } = await startCheckout('first@example.com');
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const request = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(request.auth).toBe('Bearer sk_test_123');
    expect(request.body).toContain('line_items[0][price_data][unit_amount]=9900');
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'payment',
      customer_email: 'first@example.com',
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9900',
      success_url: 'https://blooms.example/confirmation?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://blooms.example/subscribe?checkout=cancelled',
    });
    expect(request.body).not.toContain('recurring');
    expect(request.form.get('custom_text[submit][message]')).toBe(`${MONEY_RULE} ${LATER_CHARGES}`);
  });

  it('reports an unpaid session as unpaid, and an unknown one as NOT_FOUND', async () => {
    const { sessionId } = await startCheckout('unpaid@example.com');
    expect((await call(app, 'verifyCheckoutSession', { sessionId })).json().result).toEqual({ payment_status: 'unpaid' });
    expect((await call(app, 'verifyCheckoutSession', { sessionId: 'cs_test_missing' })).json().error.status).toBe('NOT_FOUND');
  });

  it('rejects unsigned, wrongly signed and tampered webhooks, changing nothing', async () => {
    const { sessionId } = await startCheckout('forged@example.com');
    const paid = { ...fake.pay(sessionId) };
    for (const options of [{ signed: false }, { secret: 'whsec_wrong' }, { tamper: true }]) {
      const response = await webhook(paid, options);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The webhook signature is missing or does not match.');
    }
    expect(await database.db.select().from(subscriptions)).toEqual([]);
  });

  it('fulfils a webhook delivered 10 times into one subscription, one confirmation and one receipt', async () => {
    const { sessionId } = await startCheckout('replay@example.com');
    const paid = fake.pay(sessionId);
    const before = smtp.received.length;
    for (let i = 0; i < 10; i++) expect((await webhook(paid)).statusCode).toBe(200);
    const rows = (await database.db.select().from(subscriptions)).filter((s) => s.checkoutSessionId === sessionId);
    expect(rows).toHaveLength(1);
    expect((await queuedFor('replay@example.com')).map((mail) => mail.kind).sort()).toEqual(['receipt', 'subscription-confirmed']);
    await waitFor(() => smtp.received.length >= before + 2);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.to.join() === 'replay@example.com')).toBe(true);
    const texts = mails.map((mail) => mailText(mail.raw));
    expect(texts.filter((text) => text.includes('Subject: Your Monthly Blooms subscription is confirmed'))).toHaveLength(1);
    const receipt = texts.find((text) => /Subject: Your Monthly Blooms receipt R-\d{6}: \$99/.test(text))!;
    expect(receipt).toContain('Amount: $99');
    expect(receipt).toContain('Paid with: Visa ending in 4242');
    expect(receipt).toContain('https://');
  });

  it('yields one subscription, one confirmation and one receipt when verify races the webhook', async () => {
    const { sessionId } = await startCheckout('race@example.com');
    const paid = fake.pay(sessionId);
    const before = smtp.received.length;
    const results = await Promise.all([
      call(app, 'verifyCheckoutSession', { sessionId }),
      webhook(paid),
      call(app, 'verifyCheckoutSession', { sessionId }),
      webhook(paid),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results[0]!.json().result).toMatchObject({ payment_status: 'paid', order: { payments: 'stripe' } });
    expect((await database.db.select().from(subscriptions)).filter((s) => s.checkoutSessionId === sessionId)).toHaveLength(1);
    expect((await queuedFor('race@example.com')).map((mail) => mail.kind).sort()).toEqual(['receipt', 'subscription-confirmed']);
    await waitFor(() => smtp.received.length >= before + 2);
    expect(smtp.received.slice(before).filter((m) => m.to.includes('race@example.com'))).toHaveLength(2);
  });

  it.each<[string, (session: Record<string, unknown>) => object | string]>([
    [
      'a NUL in the session id',
      (session) => ({
        id: 'evt_nul',
        type: 'checkout.session.completed',
        data: { object: { ...session, id: `${String(session.id)}\u0000` } },
      }),
    ],
    ['a NUL in the event id', (session) => ({ id: 'evt_\u0000', type: 'checkout.session.completed', data: { object: session } })],
    ['no data', () => ({ id: 'evt_no_data', type: 'checkout.session.completed' })],
    ['data that is no object', () => ({ id: 'evt_flat', type: 'checkout.session.completed', data: { object: 'cs_test_1' } })],
    [
      'a session without an id',
      (session) => ({ id: 'evt_no_id', type: 'checkout.session.completed', data: { object: { ...session, id: undefined } } }),
    ],
    ['no type', (session) => ({ id: 'evt_no_type', data: { object: session } })],
    [
      'nesting deeper than any event',
      (session) =>
        `{"id":"evt_deep","type":"checkout.session.completed","data":{"object":${JSON.stringify(session).slice(0, -1)},"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`,
    ],
  ])('refuses a signed event with %s: 400 (Stripe does not retry it), logged, nothing changed', async (_, eventOf) => {
    const { sessionId } = await startCheckout(`odd-${Math.random().toString(16).slice(2)}@example.com`);
    const session = fake.pay(sessionId) as unknown as Record<string, unknown>;
    const logged = logs.length;
    const response = await signedEvent(eventOf(session));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid-argument');
    expect((await database.db.select().from(subscriptions)).filter((s) => s.checkoutSessionId === sessionId)).toEqual([]);
    expect(logs.slice(logged).some((line) => line.includes('"level":40') && line.includes('stripe event refused'))).toBe(true);
  });

  it('ignores events it does not handle', async () => {
    const body = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('checkout with Stripe on a backend with no PUBLIC_URL (local, or behind a proxy on this machine)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    fake = await startFakeStripe();
    app = await startTestServer(database, {
      config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: fake.url, PORT: '8080' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  it('sends the payer back to the configured origin whatever Host the request names', async () => {
    for (const host of ['localhost:80@attacker.example', 'attacker.example', 'localhost:99999', 'localhost:x']) {
      const started = await app.inject({
        method: 'POST',
        url: '/api/createCheckoutSession',
        headers: { host },
        payload: { data: payload() },
      });
      expect({ host, status: started.statusCode }).toEqual({ host, status: 200 });
      const sent = fake.requests.filter((request) => request.method === 'POST').at(-1)!.form;
      expect(new URL(sent.get('success_url')!).origin).toBe('http://localhost:8080');
      expect(new URL(sent.get('cancel_url')!).origin).toBe('http://localhost:8080');
    }
  });

  it('answers 503 UNAVAILABLE with Retry-After, stores nothing, and says to try again', async () => {
    const started = await call(app, 'createCheckoutSession', payload());
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json().result as { sessionId: string };
    const stored = (await database.db.select().from(checkoutSessions)).length;
    await fake.close();

    const refused = await call(app, 'createCheckoutSession', payload({ email: 'later@example.com' }));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { status: 'UNAVAILABLE', message: SUBSCRIBE_MESSAGES.paymentsUnreachable } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(stored);

    const verify = await call(app, 'verifyCheckoutSession', { sessionId });
    expect(verify.statusCode).toBe(503);
    expect(verify.json().error.status).toBe('UNAVAILABLE');
  });
});
