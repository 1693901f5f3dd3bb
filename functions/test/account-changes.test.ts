import { eq } from 'drizzle-orm';
import { addDays, defaultDeliveryDate, formatDeliveryDate, lastDayForChanges } from '@blooms/shared/contract/delivery-dates';
import { type Account } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { TEST_CLOCK_MESSAGES, TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { addMonths, formatMonth, monthsSelected } from '@blooms/shared/contract/months';
import { EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { subscriptionEvents, subscriptions } from '../src/db/schema';
import { DATABASE_KINDS } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { waitFor } from './support/wait-for';
import { accountFixture, soonDate, today } from './support/account-fixture';

describe.each(DATABASE_KINDS)('a subscriber’s account on %s: skips, pauses, months and the test clock', (kind) => {
  // Deployed-looking (an https PUBLIC_URL) with the test checkout: the test clock is on because TEST_CLOCK=true says so.
  const { fx, soonMonth, planMonths, subscribe, mailsTo, signInByEmail, as, account, change } = accountFixture(kind, {
    env: () => ({ TEST_CLOCK: 'true' }),
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
    const history = await fx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => [event.actorKind, event.actor, event.kind])).toEqual([['subscriber', 'sky@example.com', 'skip']]);

    const staffRow = async (query = '') => {
      const response = await fx.app.inject({
        url: `/api/subscriptions?month=${next}&q=sky%40example.com${query}`,
        headers: as(fx.staffToken),
      });
      return (response.json().rows as { id: string; delivery: object }[]).find((r) => r.id === row.id);
    };
    expect((await staffRow())!.delivery).toMatchObject({ scheduled: false, heldBy: 'skipped' });
    expect(await staffRow('&scheduled=yes')).toBeUndefined();
    expect(await staffRow('&scheduled=no')).toBeDefined();

    fx.app.emailOutbox.wake();
    await waitFor(() => mailsTo('sky@example.com').some((text) => text.includes(`You skipped ${formatMonth(next)}`)));

    // And back on.
    const back = await change(token, 'DELETE', `/api/account/subscriptions/${row.id}/skips/${next}`);
    expect((back.json() as Account).subscriptions[0]!.coming.find((m) => m.month === next)!.state).toBe('delivering');
  });

  it('a skip or pause taken instead of cancelling keeps the reason in the history; a reason not on the list is refused', async () => {
    const row = await subscribe('ivy@example.com');
    const token = await signInByEmail('ivy@example.com');
    const next = addMonths(soonMonth(), 1);
    const bad = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}?insteadOf=bored`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('insteadOf must be one of the reasons for cancelling.');
    expect(await fx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id))).toEqual([]);

    expect((await change(token, 'PUT', `/api/account/subscriptions/${row.id}/skips/${next}?insteadOf=too-expensive`)).statusCode).toBe(200);
    const later = addMonths(next, 1);
    const paused = await change(token, 'PUT', `/api/account/subscriptions/${row.id}/pause?insteadOf=away`, { from: later, months: 2 });
    expect(paused.statusCode).toBe(200);
    const history = await fx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => [event.kind, event.detail])).toEqual([
      ['skip', { month: next, insteadOf: 'too-expensive' }],
      ['pause', { from: later, until: addMonths(later, 1), insteadOf: 'away' }],
    ]);
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

    expect((await fx.app.inject({ url: '/api/account' })).statusCode).toBe(401);
    // A sign-in whose e-mail nobody proved is refused before anything is looked up.
    const unverified = await signInWithGoogle('lee.unproven@example.com', { emailVerified: false });
    const refused = await fx.app.inject({ url: '/api/account', headers: as(unverified.idToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.needsVerifiedEmail);

    // Nothing changed, for either of them.
    for (const id of [row.id, other.id]) {
      const [after] = await fx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
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
    fx.app.emailOutbox.wake();
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
    const history = await fx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row.id));
    expect(history.map((event) => [event.actorKind, event.kind])).toEqual([['subscriber', 'months']]);
    fx.app.emailOutbox.wake();
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
    const [after] = await fx.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
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
    fx.app.emailOutbox.wake();
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

  it('with the test checkout an admin moves the server’s day: a month then inside its notice is charged and refused; back on the real date its payment carries on', async () => {
    const row = await subscribe('clock@example.com');
    const token = await signInByEmail('clock@example.com');
    const next = addMonths(soonMonth(), 1);
    const nextDate = defaultDeliveryDate(next);
    const admin = as(fx.staffToken);
    const move = (payload?: object) => fx.app.inject({ method: payload ? 'PUT' : 'DELETE', url: TEST_CLOCK_PATH, headers: admin, payload });
    expect((await fx.app.inject({ url: TEST_CLOCK_PATH, headers: admin })).json()).toEqual({ today: today(), pretending: false });
    // Only admins, and only forward, up to a year.
    expect((await fx.app.inject({ url: TEST_CLOCK_PATH, headers: as(token) })).statusCode).toBe(403);
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
});
