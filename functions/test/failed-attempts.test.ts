import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describeHistoryEvent, type SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { emailOutbox } from '../src/db/schema';
import { daySummary } from '../src/read-models/day-summary';
import { businessFigures } from '../src/read-models/business-figures';
import { forecast } from '../src/read-models/forecast';
import { DATABASE_KINDS } from './support/databases';
import { IMAGES, multipart } from './support/fixtures';
import { deliveriesFixture, NOV, type Who } from './support/deliveries-fixture';

// November 2026's delivery day is Thursday, November 12 (the usual second Thursday).
describe.each(DATABASE_KINDS)('a failed delivery attempt on %s', (kind) => {
  const { fx, auth, get, post, advance, assign, row, outForDelivery } = deliveriesFixture(kind);

  const mark = (who: Who, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
    const body = multipart(fields, file);
    return fx.app.inject({
      method: 'POST',
      url: '/api/deliveries/could-not-deliver',
      headers: { ...auth(who), ...body.headers },
      payload: body.payload,
    });
  };
  const reschedule = (who: Who, body: object) => post(who, '/api/deliveries/reschedule', body);
  const setPolicy = (who: Who, nextStep: string) =>
    fx.app.inject({ method: 'PUT', url: '/api/site-settings/failed-delivery', headers: auth(who), payload: { nextStep } });
  const failedMails = (subscriptionId: string) =>
    fx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'delivery-failed'), eq(emailOutbox.subscriptionId, subscriptionId)));
  const yara = () => ({ subscriptionId: fx.ids.yearly, month: NOV });

  beforeEach(() => outForDelivery(fx.ids.yearly));

  it('the driver marks Could not deliver with a reason: the status stays out, the attempt is on the row, the subscriber is e-mailed once', async () => {
    const response = await mark('ella', { ...yara(), reason: 'gate-code' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'out-for-delivery',
      failedAttempt: { reason: 'gate-code', attempt: 1, photoUrl: null, rescheduledTo: null },
    });
    const [mail, ...more] = await failedMails(fx.ids.yearly);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('We could not deliver your Monthly Blooms flowers today');
    expect(mail!.recipient.address).toMatch(/@/);
    expect(mail!.text).toContain('Why: Could not get through the gate (gate code needed)');
    expect(mail!.text).toContain('What happens next: We will try again the next day, Friday, November 13.');
    expect(mail!.html).toContain('Could not get through the gate');

    // The same mark again (a double tap, a replayed queue): the same row, no second e-mail.
    const again = await mark('ella', { ...yara(), reason: 'gate-code' });
    expect(again.statusCode).toBe(200);
    expect(again.json().failedAttempt).toMatchObject({ reason: 'gate-code', attempt: 1 });
    expect(await failedMails(fx.ids.yearly)).toHaveLength(1);
  });

  it('with the studio set to pick up at the studio, the e-mail gives the studio address and the last day', async () => {
    expect((await setPolicy('ella', 'pickup-at-studio')).statusCode).toBe(403);
    const set = await setPolicy('admin', 'pickup-at-studio');
    expect(set.statusCode).toBe(200);
    expect((await get('ella', '/api/site-settings/failed-delivery')).json()).toEqual({ nextStep: 'pickup-at-studio' });
    expect((await setPolicy('admin', 'never')).statusCode).toBe(400);
    await mark('admin', { ...yara(), reason: 'no-safe-place' });
    const [mail] = await failedMails(fx.ids.yearly);
    expect(mail!.text).toMatch(/Your flowers are waiting at the studio, .+: pick them up by Sunday, November 15\./);
    await setPolicy('admin', 'retry-next-day');
  });

  it('only the assigned driver or an admin may mark it; anyone else changes nothing', async () => {
    const response = await mark('finn', { ...yara(), reason: 'refused' });
    expect(response.statusCode).toBe(403);
    expect((await mark('visitor', { ...yara(), reason: 'refused' })).statusCode).toBe(401);
    expect(await row(fx.ids.yearly)).toMatchObject({ status: 'out-for-delivery', failedAt: null, failedAttempts: 0 });
    expect(await failedMails(fx.ids.yearly)).toHaveLength(0);
    expect((await mark('admin', { ...yara(), reason: 'refused' })).statusCode).toBe(200);
  });

  it('only from Out for delivery: a stop not started or delivered is refused as stale, and nothing is sent', async () => {
    await assign('admin', [fx.ids.older], 'ella@blooms.example');
    const notOut = await mark('ella', { subscriptionId: fx.ids.older, month: NOV, reason: 'refused' });
    expect(notOut.statusCode).toBe(409);
    expect(notOut.json().delivery.status).toBe('not-started');
    await advance('ella', fx.ids.yearly, 'out-for-delivery');
    expect((await mark('ella', { ...yara(), reason: 'refused' })).statusCode).toBe(409);
    expect(await failedMails(fx.ids.yearly)).toHaveLength(0);
    expect(await failedMails(fx.ids.older)).toHaveLength(0);
  });

  it('a reason not in the list is a 400 naming the list, and changes nothing', async () => {
    const response = await mark('ella', { ...yara(), reason: 'dog' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('reason must be one of no-safe-place, gate-code, wrong-address, refused.');
    expect(await row(fx.ids.yearly)).toMatchObject({ status: 'out-for-delivery', failedReason: null });
    expect(await failedMails(fx.ids.yearly)).toHaveLength(0);
  });

  it('takes a photo with the door photo checks: a good one is kept and shown to staff, a fake one is refused with nothing stored', async () => {
    const fake = await mark(
      'ella',
      { ...yara(), reason: 'no-safe-place' },
      { name: 'p.jpg', type: 'image/jpeg', data: Buffer.from('nope') },
    );
    expect(fake.statusCode).toBe(415);
    expect(await row(fx.ids.yearly)).toMatchObject({ failedAt: null });
    expect(fs.existsSync(path.join(fx.blobDir, 'deliveries', fx.ids.yearly))).toBe(false);

    const response = await mark(
      'ella',
      { ...yara(), reason: 'no-safe-place' },
      { name: 'p', type: 'application/octet-stream', data: IMAGES.png },
    );
    expect(response.statusCode).toBe(200);
    const url = response.json().failedAttempt.photoUrl;
    expect(url).toBe(`/api/deliveries/${fx.ids.yearly}/${NOV}/could-not-deliver/photo`);
    const photo = await get('finn', url);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(IMAGES.png)).toBe(true);
    expect((await get('visitor', url)).statusCode).toBe(401);
  });

  it('staff reschedule it to a later day and another driver: it is Not started again, the new day shown, the history says so', async () => {
    const noAttempt = await reschedule('admin', { ...yara(), date: '2026-11-13' });
    expect(noAttempt.statusCode).toBe(400);
    await mark('ella', { ...yara(), reason: 'wrong-address' });

    for (const [date, message] of [
      ['2026-11-12', 'Choose a day after the delivery day (Thursday, November 12).'],
      ['2026-11-10', 'Choose a day after the delivery day (Thursday, November 12).'],
      ['2026-12-01', 'Choose a day no later than Monday, November 30.'],
      ['2026-11-31', 'date must be a day as YYYY-MM-DD.'],
    ] as const) {
      const refused = await reschedule('admin', { ...yara(), date });
      expect({ date, status: refused.statusCode, message: refused.json().message }).toEqual({ date, status: 400, message });
    }
    const nobody = await reschedule('admin', { ...yara(), date: '2026-11-14', assigneeEmail: 'nobody@blooms.example' });
    expect(nobody.statusCode).toBe(400);
    expect(await row(fx.ids.yearly)).toMatchObject({ status: 'out-for-delivery', retryOn: null, assigneeId: fx.ellaId });

    const moved = await reschedule('admin', { ...yara(), date: '2026-11-14', assigneeEmail: 'finn@blooms.example' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'not-started',
      assignedTo: 'finn@blooms.example',
      failedAttempt: { reason: 'wrong-address', attempt: 1, rescheduledTo: '2026-11-14' },
    });
    const mine = await get('finn', `/api/my-deliveries?month=${NOV}`);
    expect(mine.json().map((stop: { id: string }) => stop.id)).toContain(fx.ids.yearly);

    const history = (await get('admin', `/api/subscriptions/${fx.ids.yearly}/history`)).json() as SubscriptionHistory;
    const titles = history.events.map((event) => describeHistoryEvent(event).title);
    expect(titles).toContain('November 2026 delivery: moved to Saturday, November 14, for finn@blooms.example');
    expect(titles).toContain('November 2026 delivery: could not deliver (the address could not be found); the subscriber was e-mailed');

    // The next try fails too: a second attempt, and a second e-mail.
    await advance('finn', fx.ids.yearly, 'not-started');
    const second = await mark('finn', { ...yara(), reason: 'refused' });
    expect(second.json().failedAttempt).toMatchObject({ reason: 'refused', attempt: 2, rescheduledTo: null });
    expect(await failedMails(fx.ids.yearly)).toHaveLength(2);
  });

  it('the day summary counts could-not-deliver apart from not delivered, and the owner’s figures count the attempts', async () => {
    await outForDelivery(fx.ids.older);
    await mark('ella', { ...yara(), reason: 'refused' });
    const during = await daySummary(fx.database.db, NOV, new Date('2026-11-12T20:00:00Z'));
    // Two stops went out and one of them could not be delivered: each stop is counted once.
    expect(during).toMatchObject({ stops: 3, unassigned: 1, assigned: 0, out: 1, couldNotDeliver: 1, delivered: 0, notDelivered: 0 });
    const after = await daySummary(fx.database.db, NOV, new Date('2026-11-20T20:00:00Z'));
    // Three stops (Yara, Olive, Cora's November): Yara could not be delivered, the other two were not.
    expect(after).toMatchObject({ stops: 3, couldNotDeliver: 1, notDelivered: 2, delivered: 0 });

    const figures = await businessFigures(fx.database.db, { from: NOV, to: NOV }, new Date('2026-11-20T20:00:00Z'));
    expect(figures.deliveries[0]).toMatchObject({ month: NOV, failedAttempts: 1 });

    // The forecast made on the day counts the flowers to take out again, until they are delivered.
    const onTheDay = new Date('2026-11-12T20:00:00Z');
    expect((await forecast(fx.database.db, onTheDay)).days[0]).toMatchObject({ month: NOV, couldNotDeliver: 1 });

    await reschedule('admin', { ...yara(), date: '2026-11-13' });
    expect((await forecast(fx.database.db, onTheDay)).days[0]).toMatchObject({ month: NOV, couldNotDeliver: 1 });
    expect(await daySummary(fx.database.db, NOV, new Date('2026-11-20T20:00:00Z'))).toMatchObject({ couldNotDeliver: 0, notDelivered: 3 });
  });
});
