import { and, eq } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { CARD_LINK_MESSAGES, CARD_LINK_RESEND_HOURS, type PaymentToChase } from '@blooms/shared/contract/business-figures';
import { addMonths } from '@blooms/shared/contract/months';
import { describeHistoryEvent, type SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { chargeAttempts, emailOutbox, subscriptionEvents, users } from '../src/db/schema';
import { accountFixture, today } from './support/account-fixture';
import { DATABASE_KINDS } from './support/databases';
import { noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { waitFor } from './support/wait-for';

const UNKNOWN_ID = '3f1d2c9e-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('the payments to chase, and sending the card-update link again, on %s', (kind) => {
  let now = noonOn(today());
  const { fx, subscribe, mailsTo, as, soonMonth } = accountFixture(kind, { clock: () => now });

  const list = async (token = fx.staffToken) => fx.app.inject({ url: '/api/payments-to-chase', headers: as(token) });
  const sendAgain = (id: string, token = fx.staffToken, payload?: object) =>
    fx.app.inject({ method: 'POST', url: `/api/payments-to-chase/${id}/card-link`, headers: as(token), payload });
  /** The test checkout's Test billing: charges the next delivery now, with the outcome asked for. */
  const charge = async (sessionId: string, action: 'fail' | 'authenticate' | 'renew') => {
    const done = await fx.app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/billing/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
  };
  const owing = async (email: string, action: 'fail' | 'authenticate') => {
    const row = await subscribe(email);
    await charge(row.checkoutSessionId!, action);
    return row;
  };
  const entryOf = async (id: string) => ((await list()).json() as PaymentToChase[]).find((entry) => entry.subscriptionId === id);
  const linksSent = async (id: string) => ({
    events: await fx.database.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, id), eq(subscriptionEvents.kind, 'card-link'))),
    mails: await fx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.subscriptionId, id), eq(emailOutbox.kind, 'card-link'))),
  });

  it('lists past-due and awaiting-authentication subscriptions, longest owing first, with what they owe, the tries and the last e-mail', async () => {
    const paying = await subscribe('fine@example.com');
    await charge(paying.checkoutSessionId!, 'renew');
    const late = await owing('late@example.com', 'fail');
    const start = now;
    now = new Date(start.getTime() + 3600_000);
    const bank = await owing('bank@example.com', 'authenticate').finally(() => (now = start));
    // Declined again: a second try of the same month, still one month owed.
    await charge(late.checkoutSessionId!, 'fail');

    const response = await list();
    expect(response.statusCode).toBe(200);
    const entries = response.json() as PaymentToChase[];
    const ids = entries.map((entry) => entry.subscriptionId);
    expect(ids).not.toContain(paying.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(bank.id));
    const month = addMonths(soonMonth(), 1);
    expect(entries.find((entry) => entry.subscriptionId === late.id)).toEqual({
      subscriptionId: late.id,
      name: 'Rosa Diaz',
      email: 'late@example.com',
      status: 'past-due',
      since: month,
      owedCents: PRICE_PER_MONTH_CENTS,
      tries: 2,
      lastEmailAt: expect.any(String),
      sendAgainFrom: null,
    });
    expect(entries.find((entry) => entry.subscriptionId === bank.id)).toMatchObject({
      status: 'needs-authentication',
      since: month,
      owedCents: PRICE_PER_MONTH_CENTS,
      tries: 1,
      lastEmailAt: expect.any(String),
    });
    // Paid at last: no longer listed.
    await charge(late.checkoutSessionId!, 'renew');
    expect(await entryOf(late.id)).toBeUndefined();
  });

  it('sends the same message again to the payer, recorded in the history by the staff member, at most once a day', async () => {
    const row = await owing('again@example.com', 'fail');
    const before = (await entryOf(row.id))!;
    const sent = await sendAgain(row.id);
    expect(sent.statusCode).toBe(200);
    const after = (sent.json() as PaymentToChase[]).find((entry) => entry.subscriptionId === row.id)!;
    expect(after.sendAgainFrom).toBe(new Date(now.getTime() + CARD_LINK_RESEND_HOURS * 3600_000).toISOString());
    expect(after.lastEmailAt! >= before.lastEmailAt!).toBe(true);

    fx.app.emailOutbox.wake();
    const notices = () =>
      mailsTo('again@example.com').filter((mail) => mail.includes('Subject: Your Monthly Blooms payment did not go through'));
    await waitFor(() => notices().length === 2);
    expect(notices()[1]).toContain('choose Update card');
    expect(notices()[1]).toContain('https://blooms.example/account');

    const history = (
      await fx.app.inject({ url: `/api/subscriptions/${row.id}/history`, headers: as(fx.staffToken) })
    ).json() as SubscriptionHistory;
    const recorded = history.events.find((event) => event.kind === 'change' && event.change === 'card-link')!;
    expect(describeHistoryEvent(recorded)).toEqual({
      title: 'Sent the card-update link again to again@example.com',
      detail: null,
      by: { kind: 'staff', name: 'Bea Boss', email: 'boss@blooms.example' },
    });

    const tooSoon = await sendAgain(row.id);
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([429, CARD_LINK_MESSAGES.tooSoon]);
    expect(Number(tooSoon.headers['retry-after'])).toBe(CARD_LINK_RESEND_HOURS * 3600);
    expect((await linksSent(row.id)).mails).toHaveLength(1);

    const start = now;
    try {
      now = new Date(start.getTime() + CARD_LINK_RESEND_HOURS * 3600_000);
      expect((await sendAgain(row.id)).statusCode).toBe(200);
      expect((await linksSent(row.id)).mails).toHaveLength(2);
    } finally {
      now = start;
    }
  });

  it('sends a payer awaiting their bank the confirmation link of the try again', async () => {
    const row = await owing('confirm@example.com', 'authenticate');
    const [asked] = await fx.database.db.select().from(chargeAttempts).where(eq(chargeAttempts.subscriptionId, row.id));
    expect((await sendAgain(row.id)).statusCode).toBe(200);
    fx.app.emailOutbox.wake();
    const link = `Confirm the payment: https://blooms.example/payment/confirm/${asked!.authenticationToken}`;
    await waitFor(() => mailsTo('confirm@example.com').filter((mail) => mail.includes(link)).length === 2);
  });

  it('sends once when two staff click at the same time', async () => {
    const row = await owing('twice@example.com', 'fail');
    const answers = await Promise.all([sendAgain(row.id), sendAgain(row.id), sendAgain(row.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
    const { events, mails } = await linksSent(row.id);
    expect([events.length, mails.length]).toEqual([1, 1]);
  });

  it('refuses, with a clear message and nothing sent: not an admin, no sign-in, a bad or unknown id, a subscription not owing', async () => {
    const row = await owing('guarded@example.com', 'fail');
    const paying = await subscribe('paying@example.com');
    await fx.database.db.insert(users).values({ name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' });
    const employee = (await signInWithGoogle('eli@blooms.example')).idToken;

    expect((await list(employee)).statusCode).toBe(403);
    expect((await fx.app.inject({ url: '/api/payments-to-chase' })).statusCode).toBe(401);
    const refusals: [string, string, object | undefined, number, string | null][] = [
      [row.id, employee, undefined, 403, null],
      [row.id, '', undefined, 401, null],
      ['not-an-id', fx.staffToken, undefined, 400, 'There is no such subscription.'],
      [UNKNOWN_ID, fx.staffToken, undefined, 404, 'There is no such subscription.'],
      [paying.id, fx.staffToken, undefined, 409, CARD_LINK_MESSAGES.notOwing],
    ];
    for (const [id, token, payload, status, message] of refusals) {
      const refused = await sendAgain(id, token, payload);
      expect([refused.statusCode, message === null ? null : refused.json().message]).toEqual([status, message]);
    }
    expect(await linksSent(row.id)).toEqual({ events: [], mails: [] });
    expect(await linksSent(paying.id)).toEqual({ events: [], mails: [] });
  });

  it('sends the link to the payer only, whatever a body sent with the request says (the route reads none)', async () => {
    const row = await owing('payer@example.com', 'fail');
    const sent = await sendAgain(row.id, fx.staffToken, { to: 'attacker@example.com' });
    expect(sent.statusCode).toBe(200);
    const { mails } = await linksSent(row.id);
    expect(mails.map((mail) => mail.recipient.address)).toEqual(['payer@example.com']);
  });
});
