import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ALL_MONTH_NUMBERS, addMonths } from '@blooms/shared/contract/months';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { GIFT_LENGTHS, GIFT_PREPAID_RULE, type GiftLength, type GiftPayment } from '@blooms/shared/contract/gifts';
import { escapeHtml } from '@blooms/shared/contract/html';
import { ledgerEntries, subscriptions } from '../src/db/schema';
import { paidMonthsOf } from '../src/read-models/ledger';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { startFakeStripe } from './support/fake-stripe';
import { firstDeliveryOf } from './support/fixtures';
import { call, payload } from './support/checkout-payload';
import { subscribeThroughStripe, subscribeThroughTestCheckout, WEBHOOK_SECRET } from './support/checkout';

/** A gift from Sam Diaz to Rosa Diaz of Provo. */
const gift = (giftDeliveries: 0 | GiftLength, giftPayment: GiftPayment) => ({
  gift: true,
  buyerName: 'Sam Diaz',
  buyerEmail: 'sam@example.com',
  giftMessage: 'Love, Sam',
  giftDeliveries,
  giftPayment,
});

describe.each(DATABASE_KINDS)('buying a gift that ends, through Stripe Checkout, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        RATE_LIMIT_CHECKOUTS_PER_MINUTE: '200',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  const rowAndPayments = async (id: string) => ({
    row: (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!,
    paid: [...(await paidMonthsOf(database.db, id))].sort(),
  });

  it.each(GIFT_LENGTHS)(
    'a gift of %i deliveries paid up front: the checkout takes them all, each pays a month, and the gift ends after the last',
    async (length) => {
      const first = firstDeliveryOf(ALL_MONTH_NUMBERS as unknown as number[]);
      const made = await subscribeThroughStripe(
        app,
        database.db,
        fake,
        `prepaid${length}@example.com`,
        [...ALL_MONTH_NUMBERS],
        gift(length, 'prepaid'),
      );
      const session = fake.sessions.get(made.checkoutSessionId!)!;
      expect(session.amount_total).toBe(length * 9900);
      expect(session.customer_email).toBe('sam@example.com');
      const checkout = fake.requests.find(
        (r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === session.client_reference_id,
      )!;
      expect(checkout.form.get('line_items[0][price_data][product_data][name]')).toBe(
        `Monthly Blooms: a gift of ${length} deliveries, paid up front`,
      );

      const { row, paid } = await rowAndPayments(made.id);
      const months = Array.from({ length }, (_, i) => addMonths(first.month, i));
      expect(paid).toEqual(months);
      expect(row).toMatchObject({ giftDeliveries: length, giftPayment: 'prepaid', status: 'active', endsAfter: months.at(-1) });
    },
  );

  it.each(GIFT_LENGTHS)(
    'a gift of %i deliveries paid per delivery: the checkout takes the first, and the gift ends after the last',
    async (length) => {
      const first = firstDeliveryOf([...ALL_MONTH_NUMBERS]);
      const made = await subscribeThroughStripe(
        app,
        database.db,
        fake,
        `each${length}@example.com`,
        [...ALL_MONTH_NUMBERS],
        gift(length, 'per-delivery'),
      );
      expect(fake.sessions.get(made.checkoutSessionId!)!.amount_total).toBe(9900);
      const { row, paid } = await rowAndPayments(made.id);
      expect(paid).toEqual([first.month]);
      expect(row).toMatchObject({ giftDeliveries: length, giftPayment: 'per-delivery', endsAfter: addMonths(first.month, length - 1) });
    },
  );

  it('counts deliveries, not months: a gift of 3 on a plan of every other month ends in its third delivering month', async () => {
    const first = firstDeliveryOf([1, 3, 5, 7, 9, 11]);
    const made = await subscribeThroughStripe(app, database.db, fake, 'odd@example.com', [1, 3, 5, 7, 9, 11], gift(3, 'prepaid'));
    const { row, paid } = await rowAndPayments(made.id);
    expect(paid).toEqual([first.month, addMonths(first.month, 2), addMonths(first.month, 4)]);
    expect(row.endsAfter).toBe(addMonths(first.month, 4));
  });

  it('an ongoing gift has no end and is paid per delivery, as before', async () => {
    const made = await subscribeThroughStripe(
      app,
      database.db,
      fake,
      'ongoing@example.com',
      [...ALL_MONTH_NUMBERS],
      gift(0, 'per-delivery'),
    );
    expect(fake.sessions.get(made.checkoutSessionId!)!.amount_total).toBe(9900);
    expect((await rowAndPayments(made.id)).row).toMatchObject({ giftDeliveries: 0, giftPayment: 'per-delivery', endsAfter: null });
  });

  it('refuses, with the reason and nothing started, a prepaid gift of no length, a length that is not offered, and gift terms on no gift', async () => {
    const before = fake.requests.length;
    const giftPayload = { gift_from_name: 'Sam', gift_from_email: 'sam@example.com', gift_message: '' };
    const refusals: [object, string][] = [
      [{ ...giftPayload, gift_deliveries: 0, gift_payment: 'prepaid' }, SUBSCRIBE_MESSAGES.prepaidNeedsLength],
      [{ ...giftPayload, gift_deliveries: 4, gift_payment: 'per-delivery' }, SUBSCRIBE_MESSAGES.giftDeliveries],
      [{ ...giftPayload, gift_deliveries: 3, gift_payment: 'monthly' }, SUBSCRIBE_MESSAGES.giftPayment],
      [{ gift_deliveries: 3, gift_payment: 'prepaid' }, SUBSCRIBE_MESSAGES.giftTermsWithoutGift],
    ];
    for (const [extra, message] of refusals) {
      const response = await call(app, 'createCheckoutSession', payload(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe.each(DATABASE_KINDS)('the built-in test checkout of a prepaid gift on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { config: testConfig({ PAYMENTS: 'test' }) });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('asks for every delivery at once and says what a cancel gives back; the confirmation says what was bought', async () => {
    const started = await call(app, 'createCheckoutSession', {
      ...payload({
        gift_from_name: 'Sam Diaz',
        gift_from_email: 'sam@example.com',
        gift_message: '',
        gift_deliveries: 6,
        gift_payment: 'prepaid',
      }),
    });
    const { sessionId } = started.json().result;
    const page = await app.inject(`/checkout/test/${sessionId}`);
    expect(page.body).toContain('Pay $594.00');
    expect(page.body).toContain('$594.00 today, for all 6 deliveries of the gift');
    expect(page.body).toContain(escapeHtml(GIFT_PREPAID_RULE));
    const row = await subscribeThroughTestCheckout(app, database.db, 'buyer@example.com', [1, 3], {
      gift: true,
      buyerName: 'Sam Diaz',
      buyerEmail: 'sam@example.com',
      giftDeliveries: 6,
      giftPayment: 'prepaid',
    });
    const verified = (await call(app, 'verifyCheckoutSession', { sessionId: row.checkoutSessionId })).json().result;
    expect(verified.order.gift).toEqual({ recipient: 'Rosa Diaz', message: '', deliveries: 6, prepaidCents: 59400 });
    expect(
      (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, row.id))).map((entry) => entry.kind),
    ).toEqual(Array(6).fill('charge'));
  });
});
