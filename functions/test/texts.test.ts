import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import type { FastifyInstance } from 'fastify';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { TEXT_CONSENT_WORDING } from '@blooms/shared/contract/texts';
import { checkoutSessions, smsOutbox, subscriptions, textConsents, users } from '../src/db/schema';
import { FakeTwilio } from '../src/infrastructure/fake-twilio';
import { textingWindow } from '../src/infrastructure/sms-outbox';
import { folderSmsSender, twilioSettingsOf } from '../src/infrastructure/sms-sender';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { call, payload } from './support/checkout-payload';
import { startTestServer, testConfig } from './support/test-server';
import { testNow } from './support/test-now';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'texts-test-auth-token';
const FROM = '+18015550100';
const PHONE = '+18015550199';
/** A day some weeks after the suite's, at the studio: the clock of each test starts there (at an hour it sets). */
const DAY = studioDate(new Date(testNow().getTime() + 40 * 86_400_000));
const MONTH = DAY.slice(0, 7);
const at = (hour: number, minute = 0) => new Date(noonOn(DAY).getTime() + ((hour - 12) * 60 + minute) * 60_000);

describe.each(DATABASE_KINDS)('delivery-day texts on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: FakeTwilio;
  let now = at(10);
  let admin = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = new FakeTwilio(SID, TOKEN);
    const apiBase = await fake.start();
    const config = testConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_BASE: apiBase });
    app = await startTestServer(database, { config, clock: () => now });
    admin = (await signInWithGoogle('ada-texts@blooms.example')).idToken;
  });

  beforeEach(async () => {
    now = at(10);
    fake.log.length = 0;
    await database.db.delete(smsOutbox);
    await database.db.delete(subscriptions);
    await database.db.delete(users);
    await addUser(database.db, 'Ada Admin', 'ada-texts@blooms.example', 'admin');
  });

  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  const advance = (subscriptionId: string, expectedStatus: string) =>
    app.inject({
      method: 'POST',
      url: '/api/deliveries/status',
      headers: { authorization: `Bearer ${admin}` },
      payload: { subscriptionId, month: MONTH, expectedStatus },
    });
  const optedIn = async () => {
    const row = await addSubscription(database.db);
    await database.db
      .insert(textConsents)
      .values({ subscriptionId: row.id, action: 'opt-in', source: 'subscribe', phone: PHONE, wording: TEXT_CONSENT_WORDING });
    return row;
  };
  const texts = () => database.db.select().from(smsOutbox).orderBy(smsOutbox.id);
  const history = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/subscriptions/${id}/history`, headers: { authorization: `Bearer ${admin}` } })).json();
  /** The text among a history's delivery-day messages (the on-the-way e-mail is listed beside it). */
  const textOf = (seen: { deliveryDayMessages: { channel: string; status: string }[] }) =>
    seen.deliveryDayMessages.find((message) => message.channel === 'text');
  const webhook = (fields: Record<string, string>, sign = TOKEN) => {
    const url = `http://localhost:80/api/sms/replies`;
    const signature = twilio.getExpectedTwilioSignature(sign, url, fields);
    return app.inject({
      method: 'POST',
      url: '/api/sms/replies',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, host: 'localhost:80' },
      payload: new URLSearchParams(fields).toString(),
    });
  };
  const consents = (id: string) =>
    database.db.select().from(textConsents).where(eq(textConsents.subscriptionId, id)).orderBy(textConsents.id);

  it('records the consent ticked at checkout with its number, time and exact wording once paid', async () => {
    const started = await call(app, 'createCheckoutSession', payload({ sms_phone: '(801) 555-0199', sms_consent: TEXT_CONSENT_WORDING }));
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json().result;
    now = at(11);
    const paid = await app.inject({
      method: 'POST',
      url: `/checkout/test/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
    const [consent] = await consents(row!.id);
    expect(consent).toMatchObject({ action: 'opt-in', source: 'subscribe', phone: PHONE, wording: TEXT_CONSENT_WORDING });
    // When the box was ticked and the checkout started, not when it was paid.
    expect(consent!.at.toISOString()).toBe(at(10).toISOString());
  });

  it('refuses a checkout whose consent wording is not one the site shows, or whose number is not a US one', async () => {
    const wording = await call(app, 'createCheckoutSession', payload({ sms_phone: '8015550199', sms_consent: 'Texts are fine.' }));
    expect(wording.statusCode).toBe(400);
    const phone = await call(app, 'createCheckoutSession', payload({ sms_phone: '555 0199', sms_consent: TEXT_CONSENT_WORDING }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.message).toContain('US mobile number');
    // Without the fields (an older subscribe form): the checkout starts, with no consent kept.
    const without = await call(app, 'createCheckoutSession', payload());
    expect(without.statusCode).toBe(200);
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, without.json().result.sessionId));
    expect(session!.textConsent).toBeNull();
  });

  it('texts nobody who did not opt in', async () => {
    const row = await addSubscription(database.db);
    expect((await advance(row.id, 'not-started')).json().status).toBe('out-for-delivery');
    await app.smsOutbox.wake();
    expect(await texts()).toEqual([]);
    expect(fake.log).toEqual([]);
  });

  it('sends the on-the-way text through Twilio once per stop, however often the stop moves', async () => {
    const row = await optedIn();
    await advance(row.id, 'not-started');
    await app.smsOutbox.wake();
    await advance(row.id, 'out-for-delivery'); // delivered
    await advance(row.id, 'delivered'); // back to not started
    await advance(row.id, 'not-started'); // out again
    await app.smsOutbox.wake();
    expect(fake.log).toHaveLength(1);
    const [sent] = fake.log;
    expect(sent).toMatchObject({ to: PHONE, from: FROM, status: 201 });
    expect(sent!.body).toMatch(
      /^Monthly Blooms: your flowers are on the way today, \w+day, \w+ \d+\. http:\/\/localhost\/track\?t=[\w-]{22} Reply STOP to opt out\.$/,
    );
    expect(sent!.body.length).toBeLessThanOrEqual(160);
    const [queued] = await texts();
    expect(queued).toMatchObject({ sentAt: expect.any(Date), providerId: sent!.sid, day: DAY, month: MONTH });
    const { deliveryDayMessages } = await history(row.id);
    // Beside the on-the-way e-mail that carries the same tracking link.
    expect(deliveryDayMessages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'text', status: 'sent', summary: sent!.body }),
        expect.objectContaining({ channel: 'email', kind: 'on-the-way' }),
      ]),
    );
    expect(deliveryDayMessages).toHaveLength(2);
  });

  it('retries a text the provider failed (a 500), then sends it', async () => {
    const row = await optedIn();
    fake.failNext(500);
    await advance(row.id, 'not-started');
    await app.smsOutbox.wake();
    const [failed] = await texts();
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    expect(textOf(await history(row.id))?.status).toBe('queued');
    // Due again after the backoff (30 s): brought forward here.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await database.db.update(smsOutbox).set({ nextAttemptAt: new Date(0) });
    await app.smsOutbox.wake();
    expect(fake.log.map((entry) => entry.status)).toEqual([500, 201]);
    expect((await texts())[0]).toMatchObject({ sentAt: expect.any(Date), attempts: 2 });
  });

  it('holds a text queued before 8:00 until then, and drops one whose day ended at 20:00', async () => {
    const early = await optedIn();
    now = at(6, 30);
    await advance(early.id, 'not-started');
    await app.smsOutbox.wake();
    expect(fake.log).toEqual([]);
    const [held] = await texts();
    expect(held).toMatchObject({ sentAt: null, attempts: 0, tooLateAt: null });
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);

    now = at(8, 0);
    await database.db.update(smsOutbox).set({ nextAttemptAt: new Date(0) });
    await app.smsOutbox.wake();
    expect(fake.log).toHaveLength(1);

    const late = await optedIn();
    now = at(20, 5);
    await advance(late.id, 'not-started');
    await app.smsOutbox.wake();
    expect(fake.log).toHaveLength(1);
    expect(textOf(await history(late.id))?.status).toBe('too-late');
  });

  it('keeps to the studio hours by the clock in America/Denver', () => {
    expect(textingWindow(DAY, at(7, 59))).toEqual({ send: false, holdMs: 60_000 });
    expect(textingWindow(DAY, at(8))).toEqual({ send: true });
    expect(textingWindow(DAY, at(19, 59))).toEqual({ send: true });
    expect(textingWindow(DAY, at(20))).toEqual({ send: false, tooLate: true });
    expect(textingWindow(DAY, at(33))).toEqual({ send: false, tooLate: true });
  });

  it('refuses a reply whose signature does not match, changing nothing', async () => {
    const row = await optedIn();
    const forged = await webhook({ From: PHONE, Body: 'STOP' }, 'another-token');
    expect(forged.statusCode).toBe(403);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/sms/replies',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B18015550199&Body=STOP',
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await consents(row.id)).toHaveLength(1);
  });

  it.each(['STOP', 'stopall', 'Unsubscribe', 'CANCEL', 'END', 'QUIT'])(
    'opts the number out on %s, and its queued texts with it',
    async (word) => {
      const row = await optedIn();
      now = at(7);
      await advance(row.id, 'not-started');
      now = at(7, 30);
      const reply = await webhook({ From: PHONE, Body: word, To: FROM });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('text/xml');
      const last = (await consents(row.id)).at(-1);
      expect(last).toMatchObject({ action: 'opt-out', source: 'reply', phone: PHONE });
      now = at(9);
      await database.db.update(smsOutbox).set({ nextAttemptAt: new Date(0) });
      await app.smsOutbox.wake();
      expect(fake.log).toEqual([]);
      const seen = await history(row.id);
      expect(textOf(seen)?.status).toBe('opted-out');
      expect(seen.texts).toMatchObject({ state: 'off', how: 'reply', since: at(7, 30).toISOString() });
    },
  );

  it('opts back in on START, and answers HELP with who texts and how to stop', async () => {
    const row = await optedIn();
    await webhook({ From: PHONE, Body: 'STOP' });
    await webhook({ From: PHONE, Body: 'START' });
    expect((await history(row.id)).texts).toMatchObject({ state: 'on', phone: PHONE });
    await advance(row.id, 'not-started');
    await app.smsOutbox.wake();
    expect(fake.log).toHaveLength(1);

    const help = await webhook({ From: PHONE, Body: 'help' });
    expect(help.statusCode).toBe(200);
    expect(help.body).toContain('<Message>Monthly Blooms delivery-day texts');
    expect(help.body).toContain('Reply STOP to opt out');
    expect(await consents(row.id)).toHaveLength(3);
  });
});

describe('texts without Twilio', () => {
  it('are written to the outbox folder, one file each, named by the queued text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-texts-'));
    const { providerId } = await folderSmsSender(dir).send({
      to: PHONE,
      body: 'Monthly Blooms: hello. Reply STOP to opt out.',
      outboxId: 7,
    });
    expect(providerId).toBe('sms-7.txt');
    expect(fs.readFileSync(path.join(dir, 'sms-7.txt'), 'utf8')).toBe(`To: ${PHONE}\n\nMonthly Blooms: hello. Reply STOP to opt out.\n`);
  });

  it('need all three Twilio settings or none', () => {
    expect(twilioSettingsOf({})).toBeNull();
    expect(() => twilioSettingsOf({ TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: FROM })).toThrow('missing TWILIO_AUTH_TOKEN');
    expect(twilioSettingsOf({ SMS_FAKE: 'true' })).toMatchObject({ fake: true, authToken: 'fake-twilio-auth-token' });
  });
});
