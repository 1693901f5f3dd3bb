import { and, eq } from 'drizzle-orm';
import type { Account } from '@blooms/shared/contract/account';
import { addDays, defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { GiftLength, GiftPayment } from '@blooms/shared/contract/gifts';
import { emailOutbox, subscriptions } from '../src/db/schema';
import { chargeHistory, ledgerOf } from '../src/read-models/ledger';
import { stripeClient, stripeProvider } from '../src/payments/stripe-provider';
import { DATABASE_KINDS } from './support/databases';
import { accountFixture, today } from './support/account-fixture';
import { startFakeStripe } from './support/fake-stripe';
import { subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { waitFor } from './support/wait-for';
import { noonOn } from './support/fixtures';

const giftOf = (giftDeliveries: GiftLength, giftPayment: GiftPayment) => ({
  gift: true,
  buyerName: 'Sam Diaz',
  buyerEmail: 'sam@example.com',
  giftMessage: '',
  giftDeliveries,
  giftPayment,
});

describe.each(DATABASE_KINDS)('a gift that ends, from its buyer’s account, on %s', (kind) => {
  /** The server's clock: each test starts on the fixture's day, when the first month is inside its notice. */
  let now = noonOn(today());
  const { fx, soonMonth, subscribe, mailsTo, signInByEmail, as, account, change } = accountFixture(kind, { clock: () => now });
  beforeEach(() => {
    now = noonOn(today());
  });

  const month = (i: number): MonthKey => addMonths(soonMonth(), i);
  const rowOf = async (id: string) => (await fx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  /** Each charge, by the month it pays for now. */
  const paymentsOf = async (id: string) =>
    chargeHistory(await ledgerOf(fx.database.db, [id])).sort((a, b) => a.month.localeCompare(b.month));
  const giftOn = (a: Account, id: string) => a.subscriptions.find((s) => s.id === id)!;
  /** The dashboard's row of the subscription in a month. */
  const staffRow = async (id: string, inMonth: MonthKey) => {
    const page = await fx.app.inject({ url: `/api/subscriptions?month=${inMonth}&q=rosa`, headers: as(fx.staffToken) });
    return (page.json().rows as { id: string; gift?: unknown; lifecycle: unknown }[]).find((row) => row.id === id)!;
  };

  it('a skip or a pause does not use a delivery up: the end moves with it, and a prepaid month’s payment moves to the new last month', async () => {
    const row = await subscribe('sam@example.com', giftOf(3, 'prepaid'));
    expect(row.endsAfter).toBe(month(2));
    const token = await signInByEmail('sam@example.com');
    expect(giftOn(await account(token), row.id).giftTerms).toMatchObject({ deliveries: 3, prepaid: true, left: 3, lastMonth: month(2) });
    expect(await staffRow(row.id, month(1))).toMatchObject({
      gift: { delivery: 2, of: 3 },
      lifecycle: { status: 'active', endsAfter: month(2) },
    });

    const skipped = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${month(1)}`);
    expect(skipped.statusCode).toBe(200);
    expect(giftOn(skipped.json(), row.id).giftTerms).toMatchObject({ left: 3, lastMonth: month(3) });
    expect((await paymentsOf(row.id)).map((p) => p.month)).toEqual([month(0), month(2), month(3)]);
    expect(await staffRow(row.id, month(1))).toMatchObject({ gift: null });
    expect(await staffRow(row.id, month(3))).toMatchObject({ gift: { delivery: 3, of: 3 } });
    await waitFor(() =>
      mailsTo('sam@example.com').some((mail) => mail.includes(`The last delivery of your gift is now in ${formatMonth(month(3))}.`)),
    );

    const paused = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/pause`, { from: month(2), months: 1 });
    expect(paused.statusCode).toBe(200);
    expect((await rowOf(row.id)).endsAfter).toBe(month(4));
    expect((await paymentsOf(row.id)).map((p) => p.month)).toEqual([month(0), month(3), month(4)]);

    await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/pause`);
    await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/skips/${month(1)}`);
    expect((await rowOf(row.id)).endsAfter).toBe(month(2));
    // What was paid stays paid: three payments, whichever months they now pay for.
    expect(await paymentsOf(row.id)).toHaveLength(3);
  });

  it('after the last delivery the gift ends by itself, charged for its deliveries only, and its buyer is e-mailed once', async () => {
    const row = await subscribe('ends@example.com', { ...giftOf(3, 'per-delivery'), buyerEmail: 'ends@example.com' });
    const token = await signInByEmail('ends@example.com');
    // The billing worker's daily runs, through the month after the gift's last.
    for (let day = today(); day <= addDays(defaultDeliveryDate(month(3)), 1); day = addDays(day, 1)) {
      now = noonOn(day);
      await fx.app.billing.runDue();
    }
    expect((await paymentsOf(row.id)).map((p) => p.month)).toEqual([month(0), month(1), month(2)]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'complete', endsAfter: month(2) });
    expect(await staffRow(row.id, month(3))).toMatchObject({ gift: null, lifecycle: { status: 'complete' } });
    const mine = giftOn(await account(token), row.id);
    expect(mine).toMatchObject({ status: 'complete', statusLabel: `Gift complete, last delivery ${formatMonth(month(2))}` });
    expect(mine.giftTerms).toMatchObject({
      left: 0,
      continueWith: { firstName: 'Rosa', lastName: 'Diaz', buyerEmail: 'ends@example.com' },
    });
    expect(mine.coming.every((m) => m.state !== 'delivering' && m.chargeCents === 0)).toBe(true);

    fx.app.emailOutbox.wake();
    const ended = () => mailsTo('ends@example.com').filter((mail) => mail.includes('Subject: Your gift to Rosa Diaz has ended'));
    await waitFor(() => ended().length > 0);
    expect(ended()[0]).toContain(`The ${formatMonth(month(2))} flowers were the last of the 3 deliveries you gave Rosa`);
    expect(ended()[0]).toContain(`Continue the gift: https://blooms.example/account?continue=${row.id}`);
    await fx.app.billing.runDue();
    await fx.app.billing.runDue();
    const queued = await fx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'gift-ended'), eq(emailOutbox.subscriptionId, row.id)));
    expect(queued).toHaveLength(1);

    const refused = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${month(4)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.giftComplete);
  });

  it('cancelling a prepaid gift keeps the delivery too close to change and refunds the others, once, as the prompt said', async () => {
    const row = await subscribe('refund@example.com', { ...giftOf(3, 'prepaid'), buyerEmail: 'refund@example.com' });
    const token = await signInByEmail('refund@example.com');
    expect(giftOn(await account(token), row.id)).toMatchObject({
      refundIfCancelledCents: 19800,
      lastDeliveryIfCancelled: defaultDeliveryDate(month(0)),
    });

    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const after = giftOn(cancelled.json(), row.id);
    expect(after).toMatchObject({ status: 'cancelled', refundIfCancelledCents: 0 });
    // The checkout's one payment, two of its three deliveries refunded.
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ month: month(0), amountCents: 29700, refundedCents: 19800, refunded: false });
    expect(after.payments[0]!.deliveries).toEqual([
      { month: month(0), amountCents: 9900, refundedCents: 0 },
      { month: month(1), amountCents: 9900, refundedCents: 9900 },
      { month: month(2), amountCents: 9900, refundedCents: 9900 },
    ]);
    const refunds = (await ledgerOf(fx.database.db, [row.id])).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => [entry.month, entry.amountCents, entry.delivery, entry.actor])).toEqual([
      [month(1), -9900, 'dropped', 'refund@example.com'],
      [month(2), -9900, 'dropped', 'refund@example.com'],
    ]);
    expect(refunds.every((entry) => entry.entryRef?.startsWith('re_local_'))).toBe(true);
    await waitFor(() =>
      mailsTo('refund@example.com').some(
        (mail) =>
          mail.includes('Subject: Your subscription is cancelled') &&
          mail.includes('The 2 deliveries not made, $198, are refunded to your card.'),
      ),
    );
    const again = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.cancelled);
  });
});

describe.each(DATABASE_KINDS)('refunding a cancelled prepaid gift through Stripe on %s', (kind) => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const { fx, planMonths, signInByEmail, account, change } = accountFixture(kind, {
    env: () => ({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }),
  });

  it('refunds the deliveries not made on the checkout’s payment, with one idempotency key, so a repeat refunds nothing more', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'stripe-buyer@example.com', planMonths(), {
      ...giftOf(6, 'prepaid'),
      buyerEmail: 'stripe-buyer@example.com',
    });
    const session = fake.sessions.get(row.checkoutSessionId!)!;
    expect(session.amount_total).toBe(6 * 9900);
    const token = await signInByEmail('stripe-buyer@example.com');
    const prompt = (await account(token)).subscriptions[0]!;
    // The plan has five months a year: the sixth delivery is a year after the first.
    expect(prompt.refundIfCancelledCents).toBe(5 * 9900);

    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(fake.refunds).toEqual([expect.objectContaining({ amount: 5 * 9900, payment_intent: session.payment_intent })]);
    const sent = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(sent.idempotencyKey).toBe(`blooms-refund-${row.id}`);

    // A cancel whose transaction failed after the refund is tried again with the same key: Stripe answers with the same refund.
    const provider = stripeProvider(stripeClient({ secretKey: 'sk_test_123', apiBase: fake.url }));
    const repeat = await provider.refund({
      checkoutSessionId: row.checkoutSessionId!,
      amountCents: 5 * 9900,
      idempotencyKey: `blooms-refund-${row.id}`,
      metadata: {},
    });
    expect(repeat.ref).toBe(fake.refunds[0]!.id);
    expect(fake.refunds).toHaveLength(1);
  });
});
