import { eq } from 'drizzle-orm';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { defaultDeliveryDate, formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ALL_MONTH_NUMBERS, addMonths, formatMonth } from '@blooms/shared/contract/months';
import { emailOutbox } from '../src/db/schema';
import { localProvider } from '../src/payments/local-provider';
import { recordPayment } from '../src/services/payment-ledger';
import { issueReceipts } from '../src/services/receipts';
import { DATABASE_KINDS } from './support/databases';
import { accountFixture, today } from './support/account-fixture';
import { startFakeStripe } from './support/fake-stripe';
import { subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { waitFor } from './support/wait-for';
import { noonOn } from './support/fixtures';
import { API } from '@blooms/shared/contract/api-routes';
import { pathOf } from '@blooms/shared/contract/api-route';
import { describeHistoryEvent, type SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { RECEIPT_NOT_FOUND, type ReceiptPage } from '@blooms/shared/contract/receipts';

const STREET_ADDRESS = '455 Harvest Lane, Salt Lake City, UT 84111';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe.each(DATABASE_KINDS)('receipts on %s', (kind) => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let now = noonOn(today());
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const { fx, planMonths, soonMonth, signInByEmail, account, mailsTo, as } = accountFixture(kind, {
    clock: () => now,
    env: () => ({
      STREET_ADDRESS,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    }),
  });
  const receiptsOf = async (id: string) =>
    (await fx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subscriptionId, id)).orderBy(emailOutbox.id)).filter(
      (mail) => mail.kind === 'receipt',
    );

  it('every successful charge, the checkout’s too, gets one receipt e-mail: amount, month, delivery day, card brand and last four, a link to the account; the account shows it', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'receipt@example.com', planMonths());
    const first = soonMonth();
    const next = addMonths(first, 1);
    // The checkout's payment: its receipt e-mailed after the confirmation, with the first month and its delivery day.
    const atCheckout = await receiptsOf(row.id);
    expect(atCheckout.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your Monthly Blooms receipt R-\d{6}: \$99$/)]);
    expect(atCheckout[0]!.text).toContain(
      `For: ${formatMonth(first)} delivery, on ${formatDeliveryDate(defaultDeliveryDate(first), { withYear: true })}`,
    );
    expect(atCheckout[0]!.text).toContain('Paid with: Visa ending in 4242');
    expect(atCheckout[0]!.text).toContain('https://blooms.example/account');
    // The HTML part in the brand's layout: the business's name and street address from the settings, the payment and its delivery.
    const html = atCheckout[0]!.html;
    expect(html).toContain(`Monthly Blooms · ${STREET_ADDRESS}`);
    expect(html).toContain(`${formatMonth(first)} delivery, on ${formatDeliveryDate(defaultDeliveryDate(first), { withYear: true })}`);
    expect(html).toContain('Visa ending in 4242');
    expect(html).toContain(/R-\d{6}/.exec(atCheckout[0]!.subject)![0]);
    expect(html).toContain('Custom plan');

    // The month after, charged to the saved card on its charge date.
    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await fx.app.billing.runDue();
    const receipts = (await receiptsOf(row.id)).slice(1);
    expect(receipts.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your Monthly Blooms receipt R-\d{6}: \$99$/)]);
    const monthly = receipts[0]!;
    expect(monthly.text).toContain('Amount: $99');
    expect(monthly.text).toContain(
      `For: ${formatMonth(next)} delivery, on ${formatDeliveryDate(defaultDeliveryDate(next), { withYear: true })}`,
    );
    expect(monthly.text).toContain('Paid with: Visa ending in 4242');
    expect(monthly.text).toContain('https://blooms.example/account');
    expect(monthly.recipient).toEqual({ name: 'Rosa Diaz', address: 'receipt@example.com' });
    fx.app.emailOutbox.wake();
    await waitFor(() => mailsTo('receipt@example.com').some((mail) => mail.includes('Paid with: Visa ending in 4242')));

    // The same charge recorded again (a webhook repeating what billing learnt), and receipts asked for twice at once: still one each.
    const [charge] = fake.charges.filter((c) => c.metadata.subscription_id === row.id);
    expect(await recordPayment(fx.database.db, row.id, charge!.id, next, charge!.amount)).toBe(false);
    const provider = localProvider(fx.database.db);
    const site = {
      contactEmail: 'x@example.com',
      phone: '1',
      streetAddress: STREET_ADDRESS,
      accountUrl: 'https://blooms.example/account',
    } as never;
    await Promise.all([issueReceipts(fx.database.db, provider, site, silent), issueReceipts(fx.database.db, provider, site, silent)]);
    await fx.app.billing.runDue();
    expect(await receiptsOf(row.id)).toHaveLength(2);

    const token = await signInByEmail('receipt@example.com');
    const payments = (await account(token)).subscriptions[0]!.payments;
    expect(payments[0]!.receipt!.deliveries).toEqual([
      `${formatMonth(first)} delivery, on ${formatDeliveryDate(defaultDeliveryDate(first), { withYear: true })}`,
    ]);
    expect(payments.map((p) => [p.month, p.receipt?.card, p.receipt?.amount])).toEqual([
      [first, 'Visa ending in 4242', '$99'],
      [next, 'Visa ending in 4242', '$99'],
    ]);
    expect(payments[1]!.receipt!.number).toBe(/R-\d{6}/.exec(monthly.subject)![0]);
  });

  it('a receipt waits while the provider cannot say the card, and is issued once it can', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'later@example.com', planMonths());
    const before = (await receiptsOf(row.id)).length;
    await recordPayment(fx.database.db, row.id, 'pi_unknown_yet', addMonths(soonMonth(), 3), 9900);
    const failing = { paymentCard: async () => Promise.reject(new Error('unreachable')) };
    const site = {
      contactEmail: 'x@example.com',
      phone: '1',
      streetAddress: STREET_ADDRESS,
      accountUrl: 'https://blooms.example/account',
    } as never;
    expect(await issueReceipts(fx.database.db, failing, site, silent)).toBe(0);
    expect(await receiptsOf(row.id)).toHaveLength(before);
    expect(await issueReceipts(fx.database.db, localProvider(fx.database.db), site, silent)).toBe(1);
    expect(await receiptsOf(row.id)).toHaveLength(before + 1);
  });

  it('a prepaid gift’s checkout is one payment of all its deliveries, with one receipt: in the receipt e-mail, the account and the admin history', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'rosa.gift@example.com', [...ALL_MONTH_NUMBERS], {
      gift: true,
      buyerName: 'Sam Diaz',
      buyerEmail: 'sam.gift@example.com',
      giftMessage: '',
      giftDeliveries: 3,
      giftPayment: 'prepaid',
    });
    // The ledger keeps one charge a month, each of the checkout's payment.
    const session = fake.sessions.get(row.checkoutSessionId!)!;
    expect(session.amount_total).toBe(29700);
    const mails = await receiptsOf(row.id);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your Monthly Blooms receipt R-\d{6}: \$297$/)]);
    const number = /R-\d{6}/.exec(mails[0]!.subject)![0];
    expect(mails[0]!.recipient).toEqual({ name: 'Sam Diaz', address: 'sam.gift@example.com' });
    expect(mails[0]!.html).toContain('Gift: 3 deliveries, paid up front ($297)');
    expect(mails[0]!.html).toContain('Rosa Diaz');
    expect(mails[0]!.html).toContain(STREET_ADDRESS);
    expect(mails[0]!.text).toContain('Plan: Gift: 3 deliveries, paid up front ($297)');

    const token = await signInByEmail('sam.gift@example.com');
    const gift = (await account(token)).subscriptions.find((s) => s.id === row.id)!;
    expect(gift.payments).toHaveLength(1);
    const [payment] = gift.payments;
    const months = (gift.payments[0]!.deliveries ?? []).map((delivery) => delivery.month);
    expect(months).toHaveLength(3);
    expect(payment).toMatchObject({ month: months[0], amountCents: 29700, refundedCents: 0, refunded: false });
    expect(payment!.deliveries).toEqual(months.map((month) => ({ month, amountCents: 9900, refundedCents: 0 })));
    expect(payment!.receipt).toMatchObject({ number, amount: '$297' });
    expect(payment!.receipt!.deliveries).toEqual(
      months.map((month) => `${formatMonth(month)} delivery, on ${formatDeliveryDate(defaultDeliveryDate(month), { withYear: true })}`),
    );
    expect(months).toEqual([months[0], addMonths(months[0]!, 1), addMonths(months[0]!, 2)]);
    for (const month of months) expect(mails[0]!.html).toContain(`${formatMonth(month)} delivery, on`);

    // Its printable page: the one payment, its three deliveries, the gift's plan and recipient, the business.
    const page = await fx.app.inject({ url: pathOf(API.receipt, { number }), headers: as(token) });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      receipt: payment!.receipt!,
      plan: 'Gift: 3 deliveries, paid up front ($297)',
      paidBy: 'Sam Diaz',
      giftTo: 'Rosa Diaz',
      business: { name: 'Monthly Blooms', streetAddress: STREET_ADDRESS, contactEmail: expect.any(String), phone: expect.any(String) },
    } satisfies ReceiptPage);

    const response = await fx.app.inject({ url: pathOf(API.subscriptionHistory, { id: row.id }), headers: as(fx.staffToken) });
    expect(response.statusCode).toBe(200);
    const history = response.json() as SubscriptionHistory;
    const paid = history.events.filter((event) => event.kind === 'payment');
    expect(paid).toHaveLength(1);
    expect(describeHistoryEvent(paid[0]!)).toMatchObject({
      title: 'Paid $297 for 3 deliveries',
      detail: `At checkout, one payment for ${months.map(formatMonth).join(', ')}`,
    });
    const subscribed = history.events.find((event) => event.kind === 'subscribed')!;
    expect(describeHistoryEvent(subscribed).title).toBe('Subscribed: Gift: 3 deliveries, paid up front ($297)');
  });

  it('a printable receipt is its payer’s alone: another subscriber, a number that is no receipt, a bad number or no sign-in get a clear refusal and none of it', async () => {
    const mine = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'owner.receipt@example.com', planMonths());
    await subscribeThroughStripe(fx.app, fx.database.db, fake, 'other.receipt@example.com', planMonths());
    const [mail] = await receiptsOf(mine.id);
    const number = /R-\d{6}/.exec(mail!.subject)![0];
    const url = pathOf(API.receipt, { number });
    const owner = await signInByEmail('owner.receipt@example.com');
    const other = await signInByEmail('other.receipt@example.com');

    const own = await fx.app.inject({ url, headers: as(owner) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      receipt: { number, amount: '$99', card: 'Visa ending in 4242' },
      plan: 'Custom plan',
      paidBy: 'Rosa Diaz',
      giftTo: null,
    });

    const refusals = [
      await fx.app.inject({ url, headers: as(other) }),
      await fx.app.inject({ url: pathOf(API.receipt, { number: 'R-999999999' }), headers: as(owner) }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: RECEIPT_NOT_FOUND });
      expect(refused.body).not.toContain(number);
      expect(refused.body).not.toContain('4242');
    }
    const bad = await fx.app.inject({ url: pathOf(API.receipt, { number: '1 OR 1=1' }), headers: as(owner) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(RECEIPT_NOT_FOUND);
    const anonymous = await fx.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('4242');
  });
});
