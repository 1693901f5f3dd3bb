import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { addDays, defaultDeliveryDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { TRACK_LINK_EXPIRED } from '@blooms/shared/contract/tracking';
import { deliveries, emailOutbox, subscriptions, users } from '../src/db/schema';
import { localBlobStore } from '../src/infrastructure/blob-store';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser, IMAGES, multipart } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

const NOV = '2026-11';
const DAY = defaultDeliveryDate(NOV);
/** Ten in the morning of a studio day. */
const morningOf = (date: string) => new Date(studioMidnight(date).getTime() + 10 * 3600_000);

type Who = 'ella' | 'finn' | 'admin';

describe.each(DATABASE_KINDS)('on the delivery day on %s: Start my route, the "on the way" e-mail and the tracking page', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let blobDir: string;
  let now = morningOf(DAY);
  const token: Record<string, string> = {};
  const ids = { olive: '', cora: '', yara: '', finns: '' };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-track-blobs-'));
    app = await startTestServer(database, { blobs: localBlobStore(blobDir), clock: () => now });
    for (const [who, email] of [
      ['admin', 'ada@blooms.example'],
      ['ella', 'ella@blooms.example'],
      ['finn', 'finn@blooms.example'],
    ] as const)
      token[who] = (await signInWithGoogle(email)).idToken;
  });

  beforeEach(async () => {
    now = morningOf(DAY);
    await database.db.delete(emailOutbox);
    await database.db.delete(subscriptions);
    await database.db.delete(users);
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    await addUser(database.db, 'Ella Driver', 'ella@blooms.example');
    await addUser(database.db, 'Finn Driver', 'finn@blooms.example');
    ids.olive = (
      await addSubscription(database.db, { firstName: 'Olive', lastName: 'Oak', address: '1 Olive Way', email: 'olive@example.com' })
    ).id;
    ids.cora = (
      await addSubscription(database.db, { firstName: 'Cora', lastName: 'Cole', address: '2 Cora Court', email: 'cora@example.com' })
    ).id;
    ids.yara = (
      await addSubscription(database.db, { firstName: 'Yara', lastName: 'Yew', address: '3 Yara Road', email: 'yara@example.com' })
    ).id;
    ids.finns = (await addSubscription(database.db, { firstName: 'Fern', lastName: 'Fir', email: 'fern@example.com' })).id;
    expect((await assign([ids.olive, ids.cora, ids.yara], 'ella@blooms.example')).statusCode).toBe(200);
    expect((await assign([ids.finns], 'finn@blooms.example')).statusCode).toBe(200);
    const order = await app.inject({
      method: 'PUT',
      url: '/api/my-deliveries/order',
      headers: auth('ella'),
      payload: { month: NOV, subscriptionIds: [ids.olive, ids.cora, ids.yara] },
    });
    expect(order.statusCode).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(blobDir, { recursive: true, force: true });
  });

  const auth = (who: Who) => ({ authorization: `Bearer ${token[who]}` });
  const post = (who: Who, url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth(who), payload });
  const assign = (subscriptionIds: string[], assigneeEmail: string) =>
    post('admin', '/api/deliveries/assign', { month: NOV, subscriptionIds, assigneeEmail });
  const start = (who: Who) => post(who, '/api/my-deliveries/start', { month: NOV });
  const advance = (who: Who, subscriptionId: string, expectedStatus: string) =>
    post(who, '/api/deliveries/status', { subscriptionId, month: NOV, expectedStatus });
  const deliver = (subscriptionId: string, photo = false) => {
    const body = multipart(
      { subscriptionId, month: NOV, method: photo ? 'door' : 'hand' },
      photo ? { name: 'door.jpg', type: 'image/jpeg', data: IMAGES.jpeg } : undefined,
    );
    return app.inject({
      method: 'POST',
      url: '/api/deliveries/proof',
      headers: { ...auth('ella'), ...body.headers },
      payload: body.payload,
    });
  };
  const statusOf = async (subscriptionId: string) =>
    (
      await database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, NOV)))
    )[0]?.status;
  const notices = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'on-the-way'));
  const linkTo = async (email: string) => {
    const mail = (await notices()).find((row) => row.recipient.address === email);
    return /\/track\?t=([A-Za-z0-9_-]{22})/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const track = (t: string) => app.inject({ method: 'GET', url: `/api/track/${t}` });

  it("Start my route sends out only the caller's not-started stops, each subscriber told once, and again changes nothing", async () => {
    expect((await advance('ella', ids.olive, 'not-started')).statusCode).toBe(200); // Olive already out, one by one
    const started = await start('ella');
    expect(started.statusCode).toBe(200);
    expect(started.json().map((row: { firstName: string; delivery: { status: string } }) => [row.firstName, row.delivery.status])).toEqual([
      ['Olive', 'out-for-delivery'],
      ['Cora', 'out-for-delivery'],
      ['Yara', 'out-for-delivery'],
    ]);
    expect(await statusOf(ids.finns)).toBe('not-started');
    const sent = await notices();
    expect(sent.map((row) => row.recipient.address).sort()).toEqual(['cora@example.com', 'olive@example.com', 'yara@example.com']);
    const cora = sent.find((row) => row.recipient.address === 'cora@example.com')!;
    expect(cora.subject).toBe('Your Monthly Blooms flowers are on the way');
    expect(cora.text).toContain('Ella has set out with your flowers today.');
    expect(cora.text).toContain('Delivery day: Thursday, November 12');
    expect(cora.text).toMatch(/Track your delivery: http:\/\/[^/]+\/track\?t=[A-Za-z0-9_-]{22}/);
    expect(cora.html).toContain('Monthly Blooms');

    expect((await deliver(ids.cora)).statusCode).toBe(200);
    const again = await start('ella');
    expect(again.statusCode).toBe(200);
    expect(await statusOf(ids.cora)).toBe('delivered');
    expect(await notices()).toHaveLength(3);
  });

  it('is refused before and after the delivery day, changing nothing', async () => {
    for (const day of [addDays(DAY, -1), addDays(DAY, 1)]) {
      now = morningOf(day);
      const refused = await start('ella');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('A route can be started only on its delivery day, Thursday, November 12, 2026.');
    }
    expect(await statusOf(ids.olive)).toBe('not-started');
    expect(await notices()).toHaveLength(0);
  });

  it('e-mails a stop once ever, however often it goes out again', async () => {
    expect((await advance('ella', ids.yara, 'not-started')).statusCode).toBe(200);
    expect((await advance('ella', ids.yara, 'out-for-delivery')).statusCode).toBe(200);
    expect((await advance('ella', ids.yara, 'delivered')).statusCode).toBe(200); // back to not started
    expect((await advance('ella', ids.yara, 'not-started')).statusCode).toBe(200); // out again
    expect(await start('ella')).toMatchObject({ statusCode: 200 });
    expect((await notices()).filter((row) => row.recipient.address === 'yara@example.com')).toHaveLength(1);
  });

  it('tracks a stop: counts down as earlier stops are delivered, then shows when, and the door photo', async () => {
    await start('ella');
    const t = await linkTo('yara@example.com');
    const first = await track(t);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'out-for-delivery', stopsBefore: 2, driverFirstName: 'Ella', date: DAY, hasPhoto: false });
    expect(first.json().window.basis).toBe('usual');
    // Nothing about any other stop.
    expect(Object.keys(first.json()).sort()).toEqual([
      'date',
      'deliveredAt',
      'driverFirstName',
      'hasPhoto',
      'month',
      'status',
      'stopsBefore',
      'window',
    ]);
    for (const other of ['Olive', 'Oak', 'Olive Way', 'Cora', 'Cole', 'cora@example.com', 'Fern', ids.olive, ids.cora])
      expect(first.body).not.toContain(other);
    expect((await app.inject({ method: 'GET', url: `/api/track/${t}/photo` })).statusCode).toBe(404);

    expect((await deliver(ids.olive)).statusCode).toBe(200);
    const second = (await track(t)).json();
    expect(second).toMatchObject({ stopsBefore: 1 });
    expect(second.window.basis).toBe('pace');
    expect((await deliver(ids.cora)).statusCode).toBe(200);
    expect((await track(t)).json()).toMatchObject({ stopsBefore: 0 });

    expect((await deliver(ids.yara, true)).statusCode).toBe(200);
    const done = (await track(t)).json();
    expect(done).toMatchObject({ status: 'delivered', stopsBefore: null, window: null, hasPhoto: true });
    expect(Number.isNaN(Date.parse(done.deliveredAt))).toBe(false);
    const photo = await app.inject({ method: 'GET', url: `/api/track/${t}/photo` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.length).toBeGreaterThan(0);
  });

  it('answers an expired link and an unknown one alike, from the end of the delivery day', async () => {
    await start('ella');
    const t = await linkTo('cora@example.com');
    now = new Date(studioMidnight(addDays(DAY, 1)).getTime() - 1000);
    expect((await track(t)).statusCode).toBe(200);
    now = studioMidnight(addDays(DAY, 1));
    const expired = await track(t);
    const unknown = await track('A'.repeat(22));
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(TRACK_LINK_EXPIRED);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(expired.json());
    expect((await app.inject({ method: 'GET', url: `/api/track/${t}/photo` })).statusCode).toBe(404);
  });
});
