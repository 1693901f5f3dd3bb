import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import {
  addDays,
  defaultDeliveryDate,
  formatDeliveryDate,
  lastDayForChanges,
  studioDate,
  studioMidnight,
} from '@blooms/shared/contract/delivery-dates';
import { CANCEL_REASONS, type Account } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { TEST_CLOCK_MESSAGES, TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { addMonths, formatMonth, monthsSelected } from '@blooms/shared/contract/months';
import { cancellationReasons, subscriptionEvents, subscriptions, users } from '../src/db/schema';
import { cancellationReasonFigures } from '../src/services/cancellation-reasons';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import sharp from 'sharp';
import { inlineImage, mailText } from './support/mail-text';
import { startSmtpServer } from './support/smtp';
import { startTestServer, testConfig } from './support/test-server';
import { waitFor } from './support/wait-for';
import { addSubscription, IMAGES, multipart } from './support/fixtures';

/** Signs in with the one-time code of an e-mailed link, as the browser's Firebase Auth does; returns the ID token. */
async function signInWithLink(email: string, link: string): Promise<string> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=test-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, oobCode }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`e-mail link sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * The server's clock: noon in the studio on the first day a month two months from now can no
 * longer be changed (its delivery 6 days away). That month is inside the notice; the next is not.
 */
const SOON_MONTH = addMonths(studioDate(new Date()).slice(0, 7), 2);
const soonDate = () => defaultDeliveryDate(SOON_MONTH);
const NOW = new Date(studioMidnight(addDays(lastDayForChanges(soonDate()), 1)).getTime() + 12 * 3600_000);
const today = () => studioDate(NOW);

describe.each(DATABASE_KINDS)('a subscriber’s account on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let staffToken = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    smtp = await startSmtpServer();
    app = await startTestServer(database, {
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://blooms.example', PAYMENTS: 'test' }),
      clock: () => NOW,
    });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    staffToken = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
  });

  const soonMonth = () => SOON_MONTH;
  /** The plan: the month inside the notice and the four after it. */
  const planMonths = () => [0, 1, 2, 3, 4].map((i) => Number(addMonths(soonMonth(), i).slice(5, 7)));

  /** Subscribes through the test checkout, as a customer does. */
  async function subscribe(email: string, extra: Partial<typeof EMPTY_SUBSCRIBE_FORM> = {}) {
    const selected = monthsSelected(planMonths());
    const form = {
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Rosa',
      lastName: 'Diaz',
      email,
      phone: '8015550111',
      address: '1 Main St',
      city: 'Provo',
      zip: '84601',
      plan: 'custom' as const,
      selectedMonths: selected,
      ...extra,
    };
    const started = await app.inject({ method: 'POST', url: '/api/createCheckoutSession', payload: { data: buildCheckoutPayload(form) } });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json().result as { sessionId: string };
    await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    return row!;
  }

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mailText(mail.raw));

  /** Asks for a link, reads it from the e-mail, and signs in with it. */
  async function signInByEmail(email: string) {
    const links = () => mailsTo(email).filter((text) => text.includes('Subject: Your Monthly Blooms sign-in link'));
    const before = links().length;
    const asked = await app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    app.emailOutbox.wake();
    await waitFor(() => links().length > before);
    const link = /https:\/\/blooms\.example\/account\?\S+/.exec(links().at(-1)!)![0];
    return signInWithLink(email, link);
  }

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const account = async (token: string) => {
    const response = await app.inject({ url: '/api/account', headers: as(token) });
    expect(response.statusCode).toBe(200);
    return response.json() as Account;
  };
  const change = (token: string, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: as(token), payload });

  it('a subscriber signs in by an e-mailed link and sees their plan, coming months with dates and charges, and the first payment', async () => {
    const row = await subscribe('rosa@example.com');
    const token = await signInByEmail('rosa@example.com');
    const { subscriptions: held, cardUpdates } = await account(token);
    expect(cardUpdates).toBe(false);
    expect(held).toHaveLength(1);
    const [mine] = held;
    expect(mine).toMatchObject({ id: row.id, plan: 'custom', recipient: 'Rosa Diaz', status: 'active', statusLabel: 'Active' });
    const soon = mine!.coming.find((month) => month.month === soonMonth())!;
    // Paid at checkout (the first delivery), and too close to change.
    expect(soon).toMatchObject({ date: soonDate(), state: 'delivering', paid: true, changeable: false, chargeCents: 0 });
    const next = mine!.coming.find((month) => month.month === addMonths(soonMonth(), 1))!;
    const nextDay = defaultDeliveryDate(next.month);
    expect(next).toMatchObject({
      date: nextDay,
      state: 'delivering',
      changeable: true,
      chargeCents: 9900,
      chargeDate: addDays(lastDayForChanges(nextDay), 1),
      paid: false,
    });
    expect(mine!.coming.find((month) => month.month === addMonths(soonMonth(), 6))!.state).toBe('not-in-plan');
    expect(mine!.payments).toEqual([expect.objectContaining({ month: soonMonth(), amountCents: 9900 })]);
    // Cancelling now would keep the month already paid for and inside its notice.
    expect(mine!.lastDeliveryIfCancelled).toBe(soonDate());
    // The confirmation e-mail leads to the account.
    expect(mailsTo('rosa@example.com').some((text) => text.includes('go to My subscription: https://blooms.example/account'))).toBe(true);
  });

  it('an address with no subscription gets the same answer and no e-mail', async () => {
    await subscribe('somebody@example.com');
    const asked = await app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email: 'nobody@example.com' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.signInLinkSent);
    // A subscriber asks next: once their link has come, the earlier request has been dealt with.
    await signInByEmail('somebody@example.com');
    expect(mailsTo('nobody@example.com')).toEqual([]);
    const bad = await app.inject({ method: 'POST', url: '/api/account/sign-in-link', payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
  });

  it('skipping next month is accepted, shown to staff as held by the subscriber, recorded with who did it, and confirmed by e-mail', async () => {
    const row = await subscribe('sky@example.com');
    const token = await signInByEmail('sky@example.com');
    const next = addMonths(soonMonth(), 1);
    const skipped = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}`);
    expect(skipped.statusCode).toBe(200);
    const month = (skipped.json() as Account).subscriptions[0]!.coming.find((m) => m.month === next)!;
    expect(month).toMatchObject({ state: 'skipped', chargeCents: 0, chargeDate: null, changeable: true });
    // Again: nothing more happens.
    expect((await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}`)).statusCode).toBe(200);
    const history = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => [event.actorKind, event.actor, event.kind])).toEqual([['subscriber', 'sky@example.com', 'skip']]);

    const staffRow = async (query = '') => {
      const response = await app.inject({ url: `/api/subscriptions?month=${next}&q=sky%40example.com${query}`, headers: as(staffToken) });
      return (response.json().rows as { id: string; delivery: object }[]).find((r) => r.id === row.id);
    };
    expect((await staffRow())!.delivery).toMatchObject({ scheduled: false, heldBy: 'skipped' });
    expect(await staffRow('&scheduled=yes')).toBeUndefined();
    expect(await staffRow('&scheduled=no')).toBeDefined();

    app.emailOutbox.wake();
    await waitFor(() => mailsTo('sky@example.com').some((text) => text.includes(`You skipped ${formatMonth(next)}`)));

    // And back on.
    const back = await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/skips/${next}`);
    expect((back.json() as Account).subscriptions[0]!.coming.find((m) => m.month === next)!.state).toBe('delivering');
  });

  it('refuses, with a clear message and no change: inside 7 days, not in the plan, past, too far ahead, another person’s, no or unverified sign-in', async () => {
    const row = await subscribe('lee@example.com');
    const other = await subscribe('kai@example.com');
    const token = await signInByEmail('lee@example.com');
    const refusal = async (url: string, status: number, message: string, method: 'PUT' | 'DELETE' = 'PUT') => {
      const response = await change(token, method, url);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    };
    const soon = soonMonth();
    await refusal(
      `/api/account/subscriptions/${row.id}/skips/${soon}`,
      400,
      ACCOUNT_MESSAGES.tooLate(formatMonth(soon), formatDeliveryDate(lastDayForChanges(soonDate()))),
    );
    const outside = addMonths(soon, 6);
    await refusal(`/api/account/subscriptions/${row.id}/skips/${outside}`, 400, ACCOUNT_MESSAGES.notInPlan(formatMonth(outside)));
    const past = addMonths(today().slice(0, 7), -2);
    await refusal(`/api/account/subscriptions/${row.id}/skips/${past}`, 400, ACCOUNT_MESSAGES.alreadyDelivered(formatMonth(past)));
    const far = addMonths(today().slice(0, 7), 14);
    await refusal(`/api/account/subscriptions/${row.id}/skips/${far}`, 400, ACCOUNT_MESSAGES.tooFarAhead(formatMonth(far)));
    await refusal(`/api/account/subscriptions/${other.id}/skips/${addMonths(soon, 1)}`, 404, ACCOUNT_MESSAGES.notYours);
    await refusal(`/api/account/subscriptions/${row.id}/skips/2026-13`, 400, 'month must be a month as YYYY-MM, from 2000-01 to 2199-12.');
    await refusal(
      `/api/account/subscriptions/${row.id}/skips/${addMonths(soon, 1)}`,
      400,
      ACCOUNT_MESSAGES.notSkipped(formatMonth(addMonths(soon, 1))),
      'DELETE',
    );
    const pause = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/pause`, { from: addMonths(soon, 1), months: 4 });
    expect(pause.statusCode).toBe(400);
    expect(pause.json().message).toBe(ACCOUNT_MESSAGES.pauseLength);

    expect((await app.inject({ url: '/api/account' })).statusCode).toBe(401);
    // A sign-in whose e-mail nobody proved is refused before anything is looked up.
    const unverified = await signInWithGoogle('lee.unproven@example.com', { emailVerified: false });
    const refused = await app.inject({ url: '/api/account', headers: as(unverified.idToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.needsVerifiedEmail);

    // Nothing changed, for either of them.
    for (const id of [row.id, other.id]) {
      const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(after).toMatchObject({ skippedMonths: [], pausedFrom: null, status: 'active' });
    }
  });

  it('a pause of 2 months holds them, a resume brings them back; both confirmed', async () => {
    const row = await subscribe('pat@example.com');
    const token = await signInByEmail('pat@example.com');
    const from = addMonths(soonMonth(), 1);
    const paused = (await change(token, 'PUT', `/api/account/subscriptions/${row.id}/pause`, { from, months: 2 })).json() as Account;
    const coming = paused.subscriptions[0]!.coming;
    expect(coming.find((m) => m.month === from)!.state).toBe('paused');
    expect(coming.find((m) => m.month === addMonths(from, 1))).toMatchObject({ state: 'paused', chargeCents: 0 });
    expect(coming.find((m) => m.month === addMonths(from, 2))!.state).toBe('delivering');
    const resumed = (await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/pause`)).json() as Account;
    expect(resumed.subscriptions[0]!.coming.find((m) => m.month === from)!.state).toBe('delivering');
    app.emailOutbox.wake();
    await waitFor(() => mailsTo('pat@example.com').some((text) => text.includes('Your deliveries are back on')));
  });

  it('a Custom plan changes its months: one added, one dropped, recorded and confirmed; months inside their notice and bad lists are refused; a paid month skipped or paused hands its payment on', async () => {
    const row = await subscribe('max@example.com');
    const token = await signInByEmail('max@example.com');
    const monthsUrl = `/api/account/subscriptions/${row.id}/months`;
    const number = (month: string) => Number(month.slice(5, 7));
    const added = addMonths(soonMonth(), 6);
    const dropped = addMonths(soonMonth(), 4);
    const wanted = [...planMonths().filter((m) => m !== number(dropped)), number(added)];
    const changed = await change(token, 'PUT', monthsUrl, { months: wanted });
    expect(changed.statusCode).toBe(200);
    const coming = (changed.json() as Account).subscriptions[0]!.coming;
    expect(coming.find((m) => m.month === added)).toMatchObject({ state: 'delivering', chargeCents: 9900 });
    expect(coming.find((m) => m.month === dropped)).toMatchObject({ state: 'not-in-plan', chargeCents: 0 });
    const history = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => [event.actorKind, event.kind])).toEqual([['subscriber', 'months']]);
    app.emailOutbox.wake();
    await waitFor(() => mailsTo('max@example.com').some((text) => text.includes('Subject: Your delivery months are changed')));

    const refusal = async (payload: object, message: string) => {
      const response = await change(token, 'PUT', monthsUrl, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    // The month inside the notice (paid at checkout) can be neither dropped nor, once dropped, added back.
    await refusal(
      { months: wanted.filter((m) => m !== number(soonMonth())) },
      ACCOUNT_MESSAGES.tooLate(formatMonth(soonMonth()), formatDeliveryDate(lastDayForChanges(soonDate()))),
    );
    await refusal({ months: [] }, SUBSCRIBE_MESSAGES.noMonths);
    await refusal({ months: [13] }, 'months must be at most 12.');
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after!.months).toEqual([...wanted].sort((a, b) => a - b));

    // Skipping or pausing a month already paid for (the first, paid at checkout) hands its payment on to the next month that delivers.
    const later = addMonths(soonMonth(), 2);
    const only = (months: string[]) => monthsSelected(months.map(number));
    const early = await subscribe('early@example.com', { selectedMonths: only([later, addMonths(later, 1)]) });
    const earlyToken = await signInByEmail('early@example.com');
    // Paid at checkout, it is what a cancellation would keep, though it may still be skipped.
    expect((await account(earlyToken)).subscriptions[0]!.lastDeliveryIfCancelled).toBe(defaultDeliveryDate(later));
    const skip = await change(earlyToken, 'PUT', `/api/account/subscriptions/${early.id}/skips/${later}`);
    expect(skip.statusCode).toBe(200);
    const carried = (skip.json() as Account).subscriptions[0]!;
    expect(carried.coming.find((m) => m.month === later)).toMatchObject({ state: 'skipped', paid: false, chargeCents: 0 });
    expect(carried.coming.find((m) => m.month === addMonths(later, 1))).toMatchObject({ state: 'delivering', paid: true, chargeCents: 0 });
    expect(carried.payments.map((payment) => payment.month)).toEqual([addMonths(later, 1)]);
    app.emailOutbox.wake();
    await waitFor(() =>
      mailsTo('early@example.com').some((text) =>
        text.includes(`The $99 paid for ${formatMonth(later)} now pays for ${formatMonth(addMonths(later, 1))}.`),
      ),
    );
    // A pause over it carries it on again, to next year's delivery.
    const paused = await change(earlyToken, 'PUT', `/api/account/subscriptions/${early.id}/pause`, {
      from: addMonths(later, 1),
      months: 1,
    });
    expect((paused.json() as Account).subscriptions[0]!.payments.map((payment) => payment.month)).toEqual([addMonths(later, 12)]);

    const yearly = await subscribe('year@example.com', { plan: 'yearly', selectedMonths: EMPTY_SUBSCRIBE_FORM.selectedMonths });
    const yearToken = await signInByEmail('year@example.com');
    const refused = await change(yearToken, 'PUT', `/api/account/subscriptions/${yearly.id}/months`, { months: [1, 2] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.yearlyMonths);
  });

  it('the address and notes change under the rules of subscribing: staff see the new one, the payer is told; bad ones change nothing', async () => {
    const row = await subscribe('moving@example.com');
    const token = await signInByEmail('moving@example.com');
    const addressUrl = `/api/account/subscriptions/${row.id}/address`;
    const refusal = async (payload: object, message: string) => {
      const response = await change(token, 'PUT', addressUrl, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const good = { address: '250 S State St', unit: 'Apt 4', city: 'Salt Lake City', zip: '84111', deliveryNotes: 'Buzz 4' };
    await refusal({ ...good, zip: '90210' }, SUBSCRIBE_MESSAGES.outOfArea);
    await refusal({ ...good, address: '  ' }, 'Street address is required.');
    await refusal({ ...good, deliveryNotes: 'x'.repeat(1001) }, 'Delivery notes must be at most 1000 characters.');
    await refusal(
      { ...good, city: 'Salt\u0000Lake' },
      'city contains a character that is not allowed (NUL or a broken Unicode character).',
    );
    const [unchanged] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(unchanged).toMatchObject({ address: '1 Main St', city: 'Provo', zip: '84601', deliveryNotes: '' });

    const moved = await change(token, 'PUT', addressUrl, good);
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Account).subscriptions[0]).toMatchObject({
      deliverTo: '250 S State St, Apt 4, Salt Lake City, UT 84111',
      deliveryNotes: 'Buzz 4',
    });
    // Staff find it by the subscriber's e-mail among many others of the month.
    for (let i = 0; i < 30; i++)
      await addSubscription(database.db, {
        email: `neighbour${i}@example.com`,
        address: '250 S State St',
        city: 'Salt Lake City',
        zip: '84111',
      });
    const staffView = await app.inject({ url: `/api/subscriptions?month=${soonMonth()}&q=moving%40example.com`, headers: as(staffToken) });
    expect(staffView.json()).toMatchObject({
      total: 1,
      rows: [{ id: row.id, address: '250 S State St', unit: 'Apt 4', zip: '84111', deliveryNotes: 'Buzz 4' }],
    });
    expect(staffView.json().rows).toHaveLength(1);
    // A parameter the month list does not read is refused, naming it, rather than ignored (which would list everyone).
    const typo = await app.inject({ url: `/api/subscriptions?month=${soonMonth()}&search=moving%40example.com`, headers: as(staffToken) });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('"search" is not a field of this request.');
    app.emailOutbox.wake();
    await waitFor(() =>
      mailsTo('moving@example.com').some((text) => text.includes('We now deliver to 250 S State St, Apt 4, Salt Lake City, UT 84111.')),
    );
    // The same again changes nothing and e-mails nothing more.
    expect((await change(token, 'PUT', addressUrl, good)).statusCode).toBe(200);
    const history = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => event.kind)).toEqual(['address']);
  });

  it('with the test checkout an admin moves the server’s day: a month then inside its notice is charged and refused; back on the real date its payment carries on', async () => {
    const row = await subscribe('clock@example.com');
    const token = await signInByEmail('clock@example.com');
    const next = addMonths(soonMonth(), 1);
    const nextDate = defaultDeliveryDate(next);
    const admin = as(staffToken);
    const move = (payload?: object) => app.inject({ method: payload ? 'PUT' : 'DELETE', url: TEST_CLOCK_PATH, headers: admin, payload });
    expect((await app.inject({ url: TEST_CLOCK_PATH, headers: admin })).json()).toEqual({ today: today(), pretending: false });
    // Only admins, and only forward, up to a year.
    expect((await app.inject({ url: TEST_CLOCK_PATH, headers: as(token) })).statusCode).toBe(403);
    const back = await move({ today: addDays(today(), -1) });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(
      TEST_CLOCK_MESSAGES.outOfRange(
        formatDeliveryDate(today(), { withYear: true }),
        formatDeliveryDate(addDays(today(), 366), { withYear: true }),
      ),
    );
    expect((await move({ today: addDays(today(), 367) })).statusCode).toBe(400);
    expect((await move({ today: '2027-02-30' })).json().message).toBe(TEST_CLOCK_MESSAGES.notADate);
    expect((await account(token)).subscriptions[0]!.coming.find((m) => m.month === next)!.changeable).toBe(true);

    const pretend = addDays(nextDate, -3);
    try {
      const moved = await move({ today: pretend });
      expect(moved.json()).toEqual({ today: pretend, pretending: true });
      const skip = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}`);
      expect(skip.statusCode).toBe(400);
      expect(skip.json().message).toBe(ACCOUNT_MESSAGES.tooLate(formatMonth(next), formatDeliveryDate(lastDayForChanges(nextDate))));
      // Moving the clock took the charges due by then.
      expect((await account(token)).subscriptions[0]!.payments.map((payment) => payment.month)).toEqual([soonMonth(), next]);
    } finally {
      expect((await move()).json()).toEqual({ today: today(), pretending: false });
    }
    // Back on the real date the month may be skipped again; what was paid for it pays the next one.
    const again = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Account).subscriptions[0]!.payments.map((payment) => payment.month)).toEqual([soonMonth(), addMonths(next, 1)]);
  });

  it('cancelling keeps the deliveries already certain, charges nothing after them, and then refuses every change', async () => {
    const row = await subscribe('ana@example.com');
    const token = await signInByEmail('ana@example.com');
    const promised = (await account(token)).subscriptions[0]!.lastDeliveryIfCancelled;
    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const body = cancelled.json() as Account & { lastDelivery: string };
    // The month inside the notice was paid at checkout: it still comes, and is the last.
    expect(body.lastDelivery).toBe(formatDeliveryDate(soonDate(), { withYear: true }));
    // What the account said cancelling would keep is what it kept.
    expect(promised).toBe(soonDate());
    const [mine] = body.subscriptions;
    expect(mine).toMatchObject({ status: 'cancelled', statusLabel: `Cancelled, last delivery ${formatMonth(soonMonth())}` });
    expect(mine!.coming.filter((m) => m.chargeCents > 0)).toEqual([]);
    expect(mine!.coming.find((m) => m.month === addMonths(soonMonth(), 1))!.state).toBe('ended');

    const again = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${addMonths(soonMonth(), 1)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.cancelled);
    app.emailOutbox.wake();
    await waitFor(() => mailsTo('ana@example.com').some((text) => text.includes('Your last delivery is on')));
  });

  it('cancelling keeps why, for the owner’s figures; a reason not on the list is refused and cancels nothing', async () => {
    const since = new Date(Date.now() - 60_000);
    const before = await cancellationReasonFigures(database.db, since);
    const row = await subscribe('why@example.com');
    const token = await signInByEmail('why@example.com');
    const refused = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`, { reason: 'bored' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch('Choose why you are cancelling.');
    expect((await account(token)).subscriptions[0]!.status).toBe('active');

    const cancelled = await change(token, 'POST', `/api/account/subscriptions/${row.id}/cancel`, {
      reason: 'other',
      otherText: '  Allergies in the house  ',
    });
    expect(cancelled.statusCode).toBe(200);
    const kept = await database.db.select().from(cancellationReasons).where(eq(cancellationReasons.subscriptionId, row.id));
    expect(kept).toEqual([expect.objectContaining({ reason: 'other', otherText: 'Allergies in the house' })]);
    const [event] = await database.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, row.id), eq(subscriptionEvents.kind, 'cancel')));
    expect(event!.detail).toMatchObject({ reason: 'other' });
    const figures = await cancellationReasonFigures(database.db, since);
    expect(figures.map((f) => f.reason).sort()).toEqual(CANCEL_REASONS.map((r) => r.id).sort());
    const countOf = (list: typeof figures, reason: string) => list.find((f) => f.reason === reason)!.count;
    expect(countOf(figures, 'other')).toBe(countOf(before, 'other') + 1);
    expect(figures[0]!.count).toBeGreaterThanOrEqual(figures.at(-1)!.count);
  });

  it('flowers left at the door e-mail the subscriber, whose account holds the photo; flowers handed over send nothing', async () => {
    const door = await subscribe('door@example.com');
    const hand = await subscribe('hand@example.com');
    const staff = { authorization: `Bearer ${staffToken}` };
    const deliver = async (subscriptionId: string, method: 'door' | 'hand') => {
      await app.inject({
        method: 'POST',
        url: '/api/deliveries/assign',
        headers: staff,
        payload: { month: soonMonth(), subscriptionIds: [subscriptionId], assigneeEmail: 'boss@blooms.example' },
      });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/deliveries/status',
            headers: staff,
            payload: { subscriptionId, month: soonMonth(), expectedStatus: 'not-started' },
          })
        ).statusCode,
      ).toBe(200);
      const body = multipart(
        { subscriptionId, month: soonMonth(), method },
        method === 'door' ? { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg } : undefined,
      );
      expect(
        (await app.inject({ method: 'POST', url: '/api/deliveries/proof', headers: { ...staff, ...body.headers }, payload: body.payload }))
          .statusCode,
      ).toBe(200);
    };
    await deliver(door.id, 'door');
    await deliver(hand.id, 'hand');
    await app.emailOutbox.wake();
    const atDoor = () =>
      mailsTo('door@example.com').filter((text) => text.includes(`Subject: Your ${formatMonth(soonMonth())} flowers are at the door`));
    await waitFor(() => atDoor().length > 0);
    expect(atDoor()).toHaveLength(1);
    expect(atDoor()[0]).toContain('Our driver took this photo so you know they arrived');
    expect(atDoor()[0]).toContain('https://blooms.example/account');
    // The driver's photo, inline.
    expect(atDoor()[0]).toContain('<img src="cid:door-photo"');
    expect(atDoor()[0]).toContain('Content-ID: <door-photo>');
    // As a JPEG any mail client shows, of the photo's size (it is smaller than the e-mail's 960 px).
    const inline = await sharp(
      inlineImage(
        mailsTo('door@example.com').find((text) => text.includes('flowers are at the door'))!,
        'door-photo',
      )!,
    ).metadata();
    expect({ format: inline.format, width: inline.width, height: inline.height }).toEqual({ format: 'jpeg', width: 8, height: 6 });
    expect(mailsTo('hand@example.com').some((text) => text.includes('flowers are at the door'))).toBe(false);

    const token = await signInByEmail('door@example.com');
    const photo = await app.inject({ url: `/api/account/subscriptions/${door.id}/photos/${soonMonth()}`, headers: as(token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(IMAGES.jpeg)).toBe(true);
    const notTheirs = await app.inject({ url: `/api/account/subscriptions/${door.id}/photos/${soonMonth()}`, headers: as(staffToken) });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('a gift is managed by its buyer, not its recipient', async () => {
    const row = await subscribe('mom@example.com', { gift: true, buyerName: 'Sam Diaz', buyerEmail: 'sam@example.com' });
    const buyer = await signInByEmail('sam@example.com');
    expect((await account(buyer)).subscriptions.map((s) => s.id)).toEqual([row.id]);
    const recipient = await signInWithGoogle('mom@example.com');
    expect((await account(recipient.idToken)).subscriptions).toEqual([]);
  });
});
