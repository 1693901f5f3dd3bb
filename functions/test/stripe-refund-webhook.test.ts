import { chargeDateFor } from '@blooms/shared/contract/account';
import { defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { recordPayment } from '../src/services/payment-ledger';
import { ledgerOf, paidMonthsOf } from '../src/read-models/ledger';
import { DATABASE_KINDS } from './support/databases';
import { accountFixture, today } from './support/account-fixture';
import { startFakeStripe } from './support/fake-stripe';
import { sendStripeEvent, subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { noonOn } from './support/fixtures';

describe.each(DATABASE_KINDS)('a refund made in Stripe’s dashboard (charge.refunded) on %s', (kind) => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let now = noonOn(today());
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const { fx, planMonths, soonMonth, as } = accountFixture(kind, {
    clock: () => now,
    env: () => ({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }),
  });
  const refunded = (id: string, created: number, charge: { payment_intent: string; customer: string | null; amount_refunded: number }) =>
    sendStripeEvent(fx.app, {
      id,
      type: 'charge.refunded',
      created: new Date(created * 1000),
      object: { id: `ch_${id}`, object: 'charge', ...charge },
    });
  const refundsOf = async (id: string) =>
    (await ledgerOf(fx.database.db, [id]))
      .filter((e) => e.kind === 'refund')
      .sort((a, b) => a.id - b.id)
      .map((e) => [e.month, e.amountCents, e.actorKind, e.delivery]);

  it('records what the ledger lacks once, in any order and on replay, and the month stays delivered and paid', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'dash@example.com', planMonths());
    const next = addMonths(soonMonth(), 1);
    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await fx.app.billing.runDue();
    const [charge] = fake.charges.filter((c) => c.metadata.subscription_id === row.id);
    const onCharge = (amount_refunded: number) => ({ payment_intent: charge!.id, customer: charge!.customer, amount_refunded });

    expect((await refunded('evt_refund_2', 2000, onCharge(3000))).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([[next, -3000, 'provider', 'kept']]);
    // The same event again, and an older one (less refunded then) arriving late: nothing more.
    expect((await refunded('evt_refund_2', 2000, onCharge(3000))).statusCode).toBe(200);
    expect((await refunded('evt_refund_1', 1000, onCharge(1000))).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([[next, -3000, 'provider', 'kept']]);
    // The rest refunded later: only the difference is recorded; the month is still delivered and never charged again.
    expect((await refunded('evt_refund_3', 3000, onCharge(9900))).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([
      [next, -3000, 'provider', 'kept'],
      [next, -6900, 'provider', 'kept'],
    ]);
    expect((await paidMonthsOf(fx.database.db, row.id)).has(next)).toBe(true);
    await fx.app.billing.runDue();
    expect(fake.charges.filter((c) => c.metadata.subscription_id === row.id)).toHaveLength(1);
  });

  it('our own refund reported back records nothing more; a checkout’s payment is found by its customer', async () => {
    now = noonOn(today());
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'ours@example.com', planMonths());
    const session = fake.sessions.get(row.checkoutSessionId!)!;
    const made = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/refunds`,
      headers: as(fx.staffToken),
      payload: { month: soonMonth(), amountCents: 2000, reason: 'Late', delivery: 'kept' },
    });
    expect(made.statusCode).toBe(200);
    const reported = { payment_intent: session.payment_intent!, customer: session.customer, amount_refunded: 2000 };
    expect((await refunded('evt_ours_1', 5000, reported)).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([[soonMonth(), -2000, 'staff', 'kept']]);
    // Then one made in the dashboard on the checkout's payment.
    expect((await refunded('evt_ours_2', 6000, { ...reported, amount_refunded: 2500 })).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([
      [soonMonth(), -2000, 'staff', 'kept'],
      [soonMonth(), -500, 'provider', 'kept'],
    ]);
  });

  it('a refund of a payment not recorded yet is refused, so Stripe sends it again; once the payment is known it is recorded', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'early@example.com', planMonths());
    const event = { payment_intent: 'pi_told_later', customer: null, amount_refunded: 9900 };
    expect((await refunded('evt_early', 7000, event)).statusCode).toBe(404);
    expect(await refundsOf(row.id)).toEqual([]);
    const month = addMonths(soonMonth(), 2);
    await recordPayment(fx.database.db, row.id, 'pi_told_later', month, 9900);
    expect((await refunded('evt_early', 7000, event)).statusCode).toBe(200);
    expect(await refundsOf(row.id)).toEqual([[month, -9900, 'provider', 'kept']]);
  });
});
