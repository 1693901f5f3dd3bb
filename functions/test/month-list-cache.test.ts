import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../src/db/database';
import { deliveries, monthListVersion, subscriptions, users } from '../src/db/schema';
import { listMonthPage } from '../src/read-models/month-list';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';
import { acceptsGzip } from '../src/http/kept-json';

const NOV = '2026-11';

// The whole list in the default order is kept between requests while the month list version
// stands. Every change below is written straight to the tables, as another server (or a
// person with psql) would: the next page read must show it.
describe.each(DATABASE_KINDS)('the kept first page of the month list on %s', (kind) => {
  let database: TestDatabase;
  const firstPage = () => listMonthPage(database.db, NOV, { limit: 50 });
  const version = async () => (await database.db.select().from(monthListVersion))[0]!.version;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('shows every change to a subscription, its delivery or its assignee on the next read', async () => {
    const olive = await addSubscription(database.db, { firstName: 'Olive' });
    const ella = await addUser(database.db, 'Ella Driver', 'ella@blooms.example');
    expect((await firstPage()).rows.map((row) => row.firstName)).toEqual(['Olive']);
    await firstPage();

    await database.db.update(subscriptions).set({ firstName: 'Olivia' }).where(eq(subscriptions.id, olive.id));
    expect((await firstPage()).rows[0]).toMatchObject({ firstName: 'Olivia' });

    await database.db.insert(deliveries).values({ subscriptionId: olive.id, month: NOV, status: 'out-for-delivery', assigneeId: ella.id });
    expect((await firstPage()).rows[0]!.delivery).toMatchObject({ status: 'out-for-delivery', assigneeName: 'Ella Driver' });

    await database.db.update(deliveries).set({ status: 'delivered' }).where(eq(deliveries.subscriptionId, olive.id));
    expect((await firstPage()).rows[0]!.delivery).toMatchObject({ status: 'delivered' });

    await database.db.update(users).set({ name: 'Ella Florist' }).where(eq(users.id, ella.id));
    expect((await firstPage()).rows[0]!.delivery).toMatchObject({ assigneeName: 'Ella Florist' });

    const cora = await addSubscription(database.db, { firstName: 'Cora' });
    expect(await firstPage()).toMatchObject({ total: 2, rows: [{ firstName: 'Cora' }, { firstName: 'Olivia' }] });

    await database.db.delete(subscriptions).where(eq(subscriptions.id, cora.id));
    expect(await firstPage()).toMatchObject({ total: 1, rows: [{ firstName: 'Olivia' }] });

    await database.db.execute(sql`truncate ${subscriptions} cascade`);
    expect(await firstPage()).toEqual({ rows: [], nextCursor: null, total: 0 });
  });

  it('keeps each view to itself, and shows a searched or filtered view the change too', async () => {
    await addSubscription(database.db, { firstName: 'Maple', city: 'Provo', zip: '84601' });
    const pine = await addSubscription(database.db, { firstName: 'Pine', city: 'Ogden', zip: '84401' });
    const search = (q: string) => listMonthPage(database.db, NOV, { limit: 50 }, { sort: 'newest', q });
    const inCity = (city: string) => listMonthPage(database.db, NOV, { limit: 50 }, { sort: 'name', city });
    const names = (page: { rows: { firstName: string }[] }) => page.rows.map((row) => row.firstName);
    expect(names(await search('maple'))).toEqual(['Maple']);
    expect(names(await search('pine'))).toEqual(['Pine']);
    expect(names(await inCity('Provo'))).toEqual(['Maple']);
    expect(names(await inCity('Provo'))).toEqual(['Maple']);

    await database.db.update(subscriptions).set({ firstName: 'Spruce', city: 'Provo', zip: '84601' }).where(eq(subscriptions.id, pine.id));
    expect(names(await search('pine'))).toEqual([]);
    expect(names(await search('spruce'))).toEqual(['Spruce']);
    expect(names(await inCity('Provo')).sort()).toEqual(['Maple', 'Spruce']);
    // A smaller page of the same view is a page of its own.
    expect(await listMonthPage(database.db, NOV, { limit: 1 }, { sort: 'name', city: 'Provo' })).toMatchObject({
      rows: [{ firstName: expect.any(String) }],
      nextCursor: expect.any(String),
    });
  });

  it('counts a transaction once, however many rows it changed, and a read not at all', async () => {
    await Promise.all([addSubscription(database.db), addSubscription(database.db), addSubscription(database.db)]);
    const before = await version();
    await inTransaction(database.db, async (tx) => {
      await tx.update(subscriptions).set({ deliveryNotes: 'Side door' });
      await tx.update(subscriptions).set({ giftMessage: '' });
    });
    expect(await version()).toBe(before + 1);
    await firstPage();
    expect(await version()).toBe(before + 1);
  });

  it('does not count a change that was rolled back', async () => {
    const before = await version();
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.update(subscriptions).set({ deliveryNotes: 'Never kept' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version()).toBe(before);
    expect((await firstPage()).rows.every((row) => row.deliveryNotes !== 'Never kept')).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('GET /api/subscriptions, a kept page as bytes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let authorization: string;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    app = await startTestServer(database);
    authorization = `Bearer ${(await signInWithGoogle('ada@blooms.example')).idToken}`;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const list = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/subscriptions?month=${NOV}`,
      headers: { authorization, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  const gzipped = async () => {
    const response = await list('gzip, deflate, br');
    expect(response.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'application/json; charset=utf-8' });
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    return JSON.parse(gunzipSync(response.rawPayload).toString());
  };

  it('sends the same page compressed or not, again and again, and the next one after a change', async () => {
    const olive = await addSubscription(database.db, { firstName: 'Olive' });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ total: 1, rows: [{ firstName: 'Olive', delivery: { status: 'not-started' } }] });
    expect(await gzipped()).toEqual(plain.json());
    expect(await gzipped()).toEqual(plain.json());

    const changed = await app.inject({
      method: 'POST',
      url: '/api/deliveries/status',
      headers: { authorization },
      payload: { subscriptionId: olive.id, month: NOV, expectedStatus: 'not-started' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await gzipped()).rows[0].delivery.status).toBe('out-for-delivery');
    expect((await list()).json().rows[0].delivery.status).toBe('out-for-delivery');
  });

  it('does not send gzip to a client that refuses it', async () => {
    const response = await list('gzip;q=0, identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().rows).toEqual(expect.any(Array));
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['br, deflate', false],
    ['identity', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
