import type { FastifyInstance } from 'fastify';
import { allMonthsSelected } from '@blooms/shared/contract/months';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { checkoutSessions } from '../src/db/schema';
import { openDatabase, type Database } from '../src/db/database';
import { RateLimiter, TOO_MANY_REQUESTS } from '../src/http/rate-limit';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startFakeStripe } from './support/fake-stripe';
import { addUser } from './support/fixtures';
import { wellInsideRateWindow } from './support/rate-windows';
import { signInWithGoogle } from './support/identities';
import { startTestServer, testConfig } from './support/test-server';

const form = {
  ...EMPTY_SUBSCRIBE_FORM,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '8015550101',
  address: '215 E 400 S',
  unit: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  deliveryNotes: '',
  plan: 'yearly' as const,
  selectedMonths: allMonthsSelected(),
};

describe.each(DATABASE_KINDS)('per-client limits on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: fake.url,
        PUBLIC_URL: 'https://blooms.example',
        RATE_LIMIT_CHECKOUTS_PER_MINUTE: '3',
        RATE_LIMIT_VERIFICATIONS_PER_MINUTE: '5',
        RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE: '4',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });

  // The windows are whole minutes of the database's clock: each test's burst starts well inside one.
  beforeEach(() => wellInsideRateWindow(database.db, 60, 10));

  const call = (name: string, data: unknown, client = '203.0.113.7') =>
    app.inject({ method: 'POST', url: `/api/${name}`, payload: { data }, remoteAddress: client });

  it('start at most the limit of checkouts per client and minute: the rest get RESOURCE_EXHAUSTED and store nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('createCheckoutSession', buildCheckoutPayload(form))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await call('createCheckoutSession', buildCheckoutPayload(form));
    expect(refused.json()).toEqual({
      error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests from your connection. Please wait a minute and try again.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(3);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
    // Another client is not held back by this one.
    expect((await call('createCheckoutSession', buildCheckoutPayload(form), '198.51.100.2')).statusCode).toBe(200);
  });

  it('answer verifications of unknown and paid checkouts without asking the payment provider', async () => {
    const asked = () => fake.requests.filter((r) => r.method === 'GET').length;
    const before = asked();
    const unknown = await call('verifyCheckoutSession', { sessionId: 'cs_test_forged' }, '192.0.2.50');
    expect(unknown.json().error.status).toBe('NOT_FOUND');
    expect(asked()).toBe(before);

    const { sessionId } = (await call('createCheckoutSession', buildCheckoutPayload(form), '192.0.2.51')).json().result;
    fake.pay(sessionId);
    expect((await call('verifyCheckoutSession', { sessionId }, '192.0.2.51')).json().result).toMatchObject({ payment_status: 'paid' });
    // Asked once to verify, and (fulfilled) once more each for the session and its payment's card, for the receipt.
    expect(asked()).toBe(before + 3);
    for (let i = 0; i < 3; i++)
      expect((await call('verifyCheckoutSession', { sessionId }, '192.0.2.51')).json().result).toMatchObject({ payment_status: 'paid' });
    expect(asked()).toBe(before + 3);
  });

  it('limit verifications per client', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call('verifyCheckoutSession', { sessionId: `cs_test_${i}` }, '192.0.2.60')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });

  it('limit tracking-link lookups per client, the page and its photo counted together', async () => {
    const look = (path: string, client: string) => app.inject({ url: `/api/track/${'t'.repeat(22)}${path}`, remoteAddress: client });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await look('', '192.0.2.70')).statusCode);
    for (let i = 0; i < 4; i++) statuses.push((await look('/photo', '192.0.2.70')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const refused = await look('', '192.0.2.70');
    expect(refused.json().message).toBe(TOO_MANY_REQUESTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another household is not held back by this one.
    expect((await look('', '192.0.2.71')).statusCode).toBe(404);
  });

  it('stop a client sending bad tokens, and never anyone signed in behind the same address', async () => {
    await addUser(database.db, 'Ada Admin', 'ada-limits@blooms.example', 'admin');
    const { idToken } = await signInWithGoogle('ada-limits@blooms.example');
    const me = (token: string, client: string) =>
      app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` }, remoteAddress: client });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await me(`forged.${i}.token`, '203.0.113.99')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Ada works behind the same address (an office, a proxy not trusted to name its clients): she goes on.
    expect((await me(idToken, '203.0.113.99')).statusCode).toBe(200);
    expect((await me('forged.again.token', '203.0.113.99')).statusCode).toBe(429);
    expect((await me(idToken, '203.0.113.100')).statusCode).toBe(200);
  });
});

/** A second backend process on the same database: its own connections, its own memory. */
async function secondInstanceOf(database: TestDatabase): Promise<{ database: Database; close: () => Promise<void> }> {
  if (!database.url) return { database, close: async () => {} };
  const other = await openDatabase({ url: database.url, dataDir: null });
  return { database: other, close: () => other.close() };
}

describe.each(DATABASE_KINDS)('limits shared by every instance on one %s database', (kind) => {
  let database: TestDatabase;
  let second: Awaited<ReturnType<typeof secondInstanceOf>>;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    second = await secondInstanceOf(database);
    const config = testConfig({ PAYMENTS: 'test', RATE_LIMIT_CHECKOUTS_PER_MINUTE: '4', RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE: '4' });
    apps = [await startTestServer(database, { config }), await startTestServer(second.database, { config })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.destroy();
  });

  it('one client spreading checkouts over two instances gets the one limit, not one per instance', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const app = apps[i % 2]!;
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/createCheckoutSession',
            payload: { data: buildCheckoutPayload(form) },
            remoteAddress: '203.0.113.20',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await database.db.select().from(checkoutSessions)).toHaveLength(4);
  });

  it('bad tokens counted on one instance stop the client on the other', async () => {
    const me = (app: FastifyInstance, token: string) =>
      app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` }, remoteAddress: '203.0.113.21' });
    for (let i = 0; i < 4; i++) expect((await me(apps[0]!, `forged.${i}.token`)).statusCode).toBe(401);
    const refused = await me(apps[1]!, 'forged.again.token');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a window that has passed lets the client go on', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const limiter = new RateLimiter(database.db, { bucket: 'clock-test', limit: 2, windowS: 60 }, () => now);
    await limiter.hit('a');
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toThrow(/Too many requests/);
    await expect(limiter.hit('b')).resolves.toBeUndefined();
    now = new Date('2030-01-01T00:01:00Z');
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });
});
