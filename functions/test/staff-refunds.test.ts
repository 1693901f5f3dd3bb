import { eq } from 'drizzle-orm';
import { REFUND_MESSAGES } from '@blooms/shared/contract/billing';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { addDays, defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import type { SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { chargeAttempts, emailOutbox, ledgerEntries, users } from '../src/db/schema';
import { ledgerOf, monthBalances, paidMonthsOf } from '../src/read-models/ledger';
import { DATABASE_KINDS } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { accountFixture, today } from './support/account-fixture';
import { startFakeStripe } from './support/fake-stripe';
import { sendStripeEvent, subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { waitFor } from './support/wait-for';
import { noonOn } from './support/fixtures';

describe.each(DATABASE_KINDS)('an admin refunds a charged month on %s', (kind) => {
  const { fx, soonMonth, subscribe, mailsTo, signInByEmail, as, account } = accountFixture(kind);
  const refund = (token: string, id: string, body: object) =>
    fx.app.inject({ method: 'POST', url: `/api/subscriptions/${id}/refunds`, headers: as(token), payload: body });
  const mailsOf = async (id: string) => fx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subscriptionId, id));

  it('part of a month, still delivered: the provider refunds it, the ledger and history show who and why, the payer is e-mailed, and the month is not charged again', async () => {
    const row = await subscribe('vase@example.com');
    const month = soonMonth();
    const made = await refund(fx.staffToken, row.id, { month, amountCents: 2500, reason: 'Vase broken on the doorstep', delivery: 'kept' });
    expect(made.statusCode).toBe(200);
    const history = made.json() as SubscriptionHistory;
    expect(history.refundable).toEqual([{ month, heldCents: 7400 }]);
    expect(history.events[0]).toMatchObject({
      kind: 'refund',
      month,
      amountCents: 2500,
      reason: 'Vase broken on the doorstep',
      delivery: 'kept',
      by: { kind: 'staff', name: 'Bea Boss' },
    });
    const [entry] = (await ledgerOf(fx.database.db, [row.id])).filter((e) => e.kind === 'refund');
    expect(entry).toMatchObject({ month, amountCents: -2500, actorKind: 'staff', actor: 'boss@blooms.example', delivery: 'kept' });
    expect(entry!.entryRef).toMatch(/^re_local_/);

    fx.app.emailOutbox.wake();
    await waitFor(() =>
      mailsTo('vase@example.com').some(
        (mail) =>
          mail.includes(`Subject: Your refund for ${formatMonth(month)}`) &&
          mail.includes(`We refunded $25 to your card for your ${formatMonth(month)} delivery.`) &&
          mail.includes('Why: Vase broken on the doorstep') &&
          mail.includes(`Your ${formatMonth(month)} flowers are still delivered as planned.`),
      ),
    );
    // The rest of the month, then: still delivered, and its charge date (today) charges nothing.
    const rest = await refund(fx.staffToken, row.id, { month, amountCents: 7400, reason: 'Vase broken again', delivery: 'kept' });
    expect((rest.json() as SubscriptionHistory).refundable).toEqual([]);
    await fx.app.billing.runDue();
    expect((await ledgerOf(fx.database.db, [row.id])).filter((e) => e.kind === 'charge')).toHaveLength(1);
    const token = await signInByEmail('vase@example.com');
    const shown = (await account(token)).subscriptions[0]!;
    expect(shown.coming.find((m) => m.month === month)).toMatchObject({ state: 'delivering', paid: true, chargeCents: 0 });
    expect(shown.payments).toEqual([expect.objectContaining({ month, amountCents: 9900, refundedCents: 9900, refunded: true })]);
  });

  it('a whole coming month, not delivered: the month is skipped and nothing is left on it', async () => {
    const row = await subscribe('missed@example.com');
    const month = soonMonth();
    const made = await refund(fx.staffToken, row.id, {
      month,
      amountCents: 9900,
      reason: 'We cannot deliver that week',
      delivery: 'dropped',
    });
    expect(made.statusCode).toBe(200);
    const events = (made.json() as SubscriptionHistory).events;
    expect(events.find((e) => e.kind === 'refund')).toMatchObject({ delivery: 'dropped', amountCents: 9900 });
    expect(events.find((e) => e.kind === 'change')).toMatchObject({ change: 'skip', by: { kind: 'staff', name: 'Bea Boss' } });
    expect(await paidMonthsOf(fx.database.db, row.id)).toEqual(new Set());
    const token = await signInByEmail('missed@example.com');
    expect((await account(token)).subscriptions[0]!.coming.find((m) => m.month === month)).toMatchObject({
      state: 'skipped',
      chargeCents: 0,
    });
    await fx.app.billing.runDue();
    expect((await ledgerOf(fx.database.db, [row.id])).map((e) => e.kind)).toEqual(['charge', 'refund']);
  });

  it('refuses, with a clear message and nothing changed: more than is left, nothing paid, zero, no reason, no choice, not an admin', async () => {
    const row = await subscribe('careful@example.com');
    const month = soonMonth();
    await fx.database.db.insert(users).values({ name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' });
    const employee = (await signInWithGoogle('eli@blooms.example')).idToken;
    const good = { month, amountCents: 1000, reason: 'Late', delivery: 'kept' };
    const refusals: [string, object, number, string | null][] = [
      [fx.staffToken, { ...good, amountCents: 9901 }, 400, REFUND_MESSAGES.tooMuch(formatMonth(month), '$99')],
      [fx.staffToken, { ...good, month: addMonths(month, 1) }, 400, REFUND_MESSAGES.nothingPaid(formatMonth(addMonths(month, 1)))],
      [fx.staffToken, { ...good, amountCents: 0 }, 400, REFUND_MESSAGES.noAmount],
      [fx.staffToken, { ...good, amountCents: 12.5 }, 400, REFUND_MESSAGES.notCents],
      [fx.staffToken, { ...good, reason: '   ' }, 400, REFUND_MESSAGES.noReason],
      [fx.staffToken, { ...good, delivery: 'maybe' }, 400, REFUND_MESSAGES.noDelivery],
      [employee, good, 403, null],
    ];
    const mailsBefore = (await mailsOf(row.id)).length;
    for (const [token, body, status, message] of refusals) {
      const refused = await refund(token, row.id, body);
      expect([refused.statusCode, message === null ? null : refused.json().message]).toEqual([status, message]);
    }
    expect((await ledgerOf(fx.database.db, [row.id])).map((e) => e.kind)).toEqual(['charge']);
    expect(await mailsOf(row.id)).toHaveLength(mailsBefore);
    const unknown = await refund(fx.staffToken, '3f1d2c9e-0000-4000-8000-000000000000', good);
    expect(unknown.statusCode).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('an admin refunds through Stripe on %s', (kind) => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let now = noonOn(today());
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  const { fx, planMonths, soonMonth, as, signInByEmail, account } = accountFixture(kind, {
    clock: () => now,
    env: () => ({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }),
  });

  it('a month charged to the saved card is refunded on its PaymentIntent, with a key of its own per refund', async () => {
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'stripe-refund@example.com', planMonths());
    const next = addMonths(soonMonth(), 1);
    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await fx.app.billing.runDue();
    const [charge] = fake.charges.filter((c) => c.metadata.subscription_id === row.id);
    expect(charge).toMatchObject({ amount: 9900, metadata: { month: next } });

    const body = { month: next, amountCents: 4000, reason: 'Missed delivery window', delivery: 'kept' };
    const first = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/refunds`,
      headers: as(fx.staffToken),
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    const second = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/refunds`,
      headers: as(fx.staffToken),
      payload: body,
    });
    expect(second.statusCode).toBe(200);
    expect(fake.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [charge!.id, 4000],
      [charge!.id, 4000],
    ]);
    const keys = fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    const recorded = await fx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, row.id));
    expect(recorded.filter((e) => e.kind === 'refund').map((e) => [e.entryRef, e.paymentRef, e.amountCents])).toEqual(
      fake.refunds.map((r) => [r.id, charge!.id, -4000]),
    );
    // More than Stripe holds of it is refused before Stripe is asked.
    const tooMuch = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/refunds`,
      headers: as(fx.staffToken),
      payload: { ...body, amountCents: 2000 },
    });
    expect(tooMuch.json().message).toBe(REFUND_MESSAGES.tooMuch(formatMonth(next), '$19'));
    expect(fake.refunds).toHaveLength(2);
  });

  it('the same refund sent twice at once, and again later, with the key its form made: one provider refund, one e-mail, the same answer', async () => {
    now = noonOn(today());
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, 'twice-at-once@example.com', planMonths());
    const month = soonMonth();
    const body = { month, amountCents: 1500, reason: 'Stems broken', delivery: 'kept', idempotencyKey: 'refund-form-0123456789abcdef' };
    const send = (payload: object) =>
      fx.app.inject({ method: 'POST', url: `/api/subscriptions/${row.id}/refunds`, headers: as(fx.staffToken), payload });
    const answers = await Promise.all([send(body), send(body)]);
    expect(answers.map((answer) => [answer.statusCode, answer.statusCode === 200 ? '' : answer.body])).toEqual([
      [200, ''],
      [200, ''],
    ]);
    const again = await send(body);
    expect(again.statusCode).toBe(200);
    const refundsOf = (history: SubscriptionHistory) => history.events.filter((event) => event.kind === 'refund');
    for (const answer of [...answers, again]) expect(refundsOf(answer.json())).toEqual(refundsOf(answers[0]!.json()));
    expect(refundsOf(again.json())).toHaveLength(1);
    const paymentIntent = fake.sessions.get(row.checkoutSessionId!)!.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.amount)).toEqual([1500]);
    const ledger = (await ledgerOf(fx.database.db, [row.id])).filter((e) => e.kind === 'refund');
    expect(ledger.map((e) => e.amountCents)).toEqual([-1500]);
    const refundMails = async () =>
      (await fx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subscriptionId, row.id))).filter((m) => m.kind === 'refund');
    expect(await refundMails()).toHaveLength(1);
    // The key sent with another refund is refused, and changes nothing.
    const other = await send({ ...body, amountCents: 1600 });
    expect([other.statusCode, other.json().message]).toEqual([409, REFUND_MESSAGES.keyUsed]);
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
    // A new key is a new refund; a key that is not one is refused.
    expect((await send({ ...body, idempotencyKey: 'refund-form-fedcba9876543210' })).statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.amount)).toEqual([1500, 1500]);
    expect(await refundMails()).toHaveLength(2);
    const badKey = await send({ ...body, idempotencyKey: 'short' });
    expect([badKey.statusCode, badKey.json().message]).toEqual([400, REFUND_MESSAGES.badKey]);
  });

  /** A subscriber whose first month had $25 refunded by staff, not delivered: the rest, $74, waits on the next month. */
  async function partOfFirstMonthDropped(email: string) {
    now = noonOn(today());
    const row = await subscribeThroughStripe(fx.app, fx.database.db, fake, email, planMonths());
    const month = soonMonth();
    const made = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/refunds`,
      headers: as(fx.staffToken),
      payload: { month, amountCents: 2500, reason: 'We cannot come that week', delivery: 'dropped' },
    });
    expect(made.statusCode).toBe(200);
    return { row, month, next: addMonths(month, 1) };
  }

  it('part of a coming month, not delivered: what is left pays part of the next delivery, which is charged only the rest', async () => {
    const { row, month, next } = await partOfFirstMonthDropped('partly-dropped@example.com');
    const token = await signInByEmail('partly-dropped@example.com');
    expect((await account(token)).subscriptions[0]!.coming.find((m) => m.month === next)).toMatchObject({ paid: false, chargeCents: 2500 });

    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await fx.app.billing.runDue();
    expect(fake.charges.filter((c) => c.metadata.subscription_id === row.id).map((c) => [c.metadata.month, c.amount])).toEqual([
      [next, 2500],
    ]);
    const balances = monthBalances(await ledgerOf(fx.database.db, [row.id]));
    expect(balances.map((b) => [b.month, b.balanceCents])).toEqual([
      [month, 0],
      [next, 9900],
    ]);
    expect(await paidMonthsOf(fx.database.db, row.id)).toEqual(new Set([next]));
  });

  /** The partial charge of the next month, as Stripe made it, and what the ledger recorded of it. */
  async function partialCharge(row: { id: string; providerCustomerId: string | null }, next: string) {
    const [intent] = [...fake.intents.values()].filter((i) => i.customer === row.providerCustomerId);
    const charges = (await ledgerOf(fx.database.db, [row.id])).filter((e) => e.kind === 'charge' && e.month === next);
    return { intent: intent!, recorded: charges.map((e) => [e.paymentRef, e.amountCents]) };
  }

  /** What the refund form offers for the month, and what it answers to one cent more than that. */
  async function refundableOf(id: string, month: string) {
    const history = await fx.app.inject({ url: `/api/subscriptions/${id}/history`, headers: as(fx.staffToken) });
    const held = (history.json() as SubscriptionHistory).refundable.find((m) => m.month === month)!.heldCents;
    const over = await fx.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/refunds`,
      headers: as(fx.staffToken),
      payload: { month, amountCents: held + 1, reason: 'Testing the limit', delivery: 'kept' },
    });
    return { held, refused: over.statusCode === 400 && over.json().message === REFUND_MESSAGES.tooMuch(formatMonth(month), '$99') };
  }

  it('a partial charge is recorded as Stripe took it when its payment_intent.succeeded comes before the billing run looks it up', async () => {
    const { row, next } = await partOfFirstMonthDropped('partial-webhook@example.com');
    fake.cardBehaves(row.providerCustomerId!, 'processing');
    const chargeDay = chargeDateFor(defaultDeliveryDate(next));
    now = noonOn(chargeDay);
    await fx.app.billing.runDue();
    const { intent } = await partialCharge(row, next);
    expect(intent).toMatchObject({ status: 'processing', amount: 2500 });
    const paid = fake.settle(intent.id, true);
    const told = await sendStripeEvent(fx.app, { id: `evt_partial_${kind}`, type: 'payment_intent.succeeded', created: now, object: paid });
    expect(told.statusCode).toBe(200);
    expect((await partialCharge(row, next)).recorded).toEqual([[intent.id, 2500]]);
    // The run's look-up after it agrees, and records nothing more.
    now = noonOn(addDays(chargeDay, 1));
    await fx.app.billing.runDue();
    expect((await partialCharge(row, next)).recorded).toEqual([[intent.id, 2500]]);
    expect(await refundableOf(row.id, next)).toEqual({ held: 9900, refused: true });
  });

  it('a partial charge is recorded as Stripe took it when the billing run looks up an answer it lost', async () => {
    const { row, next } = await partOfFirstMonthDropped('partial-lookup@example.com');
    const chargeDay = chargeDateFor(defaultDeliveryDate(next));
    now = noonOn(chargeDay);
    fake.loseAnswers(true);
    await fx.app.billing.runDue();
    fake.loseAnswers(false);
    expect((await partialCharge(row, next)).recorded).toEqual([]);
    now = noonOn(addDays(chargeDay, 1));
    await fx.app.billing.runDue();
    const { intent, recorded } = await partialCharge(row, next);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(recorded).toEqual([[intent.id, 2500]]);
    expect(await refundableOf(row.id, next)).toEqual({ held: 9900, refused: true });
  });

  it('a partial charge is recorded as Stripe took it when the subscriber confirms it on the confirmation page', async () => {
    const { row, next } = await partOfFirstMonthDropped('partial-confirm@example.com');
    fake.cardBehaves(row.providerCustomerId!, 'needs-authentication');
    now = noonOn(chargeDateFor(defaultDeliveryDate(next)));
    await fx.app.billing.runDue();
    const [tried] = await fx.database.db.select().from(chargeAttempts).where(eq(chargeAttempts.subscriptionId, row.id));
    const page = `/payment/confirm/${tried!.authenticationToken}`;
    const pressed = await fx.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode).toBe(303);
    fake.authenticate(tried!.providerRef!, true);
    expect((await fx.app.inject(page)).statusCode).toBe(200);
    const { intent, recorded } = await partialCharge(row, next);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(recorded).toEqual([[intent.id, 2500]]);
    expect(await refundableOf(row.id, next)).toEqual({ held: 9900, refused: true });
  });

  it('money carried to a month that a declined card then held goes on to the next delivery once that day has passed', async () => {
    const { row, month, next } = await partOfFirstMonthDropped('held-credit@example.com');
    const after = addMonths(month, 2);
    fake.declineCard(row.providerCustomerId!);

    // The rest of the month's payment waits on the next month, whose charge is declined until its delivery day.
    for (const day of [chargeDateFor(defaultDeliveryDate(next)), defaultDeliveryDate(next)]) {
      now = noonOn(day);
      await fx.app.billing.runDue();
    }
    const held = async () =>
      monthBalances(await ledgerOf(fx.database.db, [row.id]))
        .filter((b) => b.balanceCents !== 0)
        .map((b) => [b.month, b.balanceCents]);
    expect(await held()).toEqual([[next, 7400]]);
    // The day after, that month was not delivered: its money pays for the next delivery instead.
    now = noonOn(addDays(defaultDeliveryDate(next), 1));
    await fx.app.billing.runDue();
    expect(await held()).toEqual([[after, 7400]]);
  });
});
