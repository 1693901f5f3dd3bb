import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { disableAccount, nextWholeSecond, revokeSessions, signInWithGoogle, TEST_PROJECT_ID } from './support/identities';
import { startTestServer, testConfig } from './support/test-server';
import { addSubscription, addUser } from './support/fixtures';
import { openLiveStream } from './support/live-client';
import type { LiveEvent } from '@blooms/shared/contract/live';
import { freePort, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';

const NOV = '2026-11';
const isDelivery = (id: string, status?: string) => (e: LiveEvent) =>
  e.type === 'delivery' && e.delivery.subscriptionId === id && (!status || e.delivery.status === status);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

describe.each(DATABASE_KINDS)('the live feed on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let adminToken: string;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    app = await startTestServer(database);
    baseUrl = await listen(app);
    adminToken = (await signInWithGoogle('ada@blooms.example')).idToken;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${adminToken}` }, payload });

  it('refuses visitors', async () => {
    const response = await fetch(`${baseUrl}/api/live`);
    expect(response.status).toBe(401);
  });

  it("served apart from the site (its own Cloud Function), lets only the site's pages read the stream", async () => {
    const apart = await startTestServer(database, { config: testConfig({ CORS_ORIGINS: 'https://blooms.example' }) });
    const apartUrl = await listen(apart);
    try {
      const read = async (origin: string) => {
        const abort = new AbortController();
        const response = await fetch(`${apartUrl}/api/live`, {
          headers: { Authorization: `Bearer ${adminToken}`, Origin: origin },
          signal: abort.signal,
        });
        abort.abort();
        return response;
      };
      const site = await read('https://blooms.example');
      expect(site.status).toBe(200);
      expect(site.headers.get('access-control-allow-origin')).toBe('https://blooms.example');
      expect(site.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect((await read('https://elsewhere.example')).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await apart.close();
    }
  });

  it('delivers status changes, assignments and new subscriptions', async () => {
    const stream = await openLiveStream(baseUrl, adminToken);
    expect(stream.status).toBe(200);
    const subscription = await addSubscription(database.db);
    await stream.next((e) => e.type === 'subscription-created' && e.subscriptionId === subscription.id);

    await post('/api/deliveries/status', { subscriptionId: subscription.id, month: NOV, expectedStatus: 'not-started' });
    await stream.next(isDelivery(subscription.id, 'out-for-delivery'));

    await post('/api/deliveries/assign', { month: NOV, subscriptionIds: [subscription.id], assigneeEmail: 'ada@blooms.example' });
    const assigned = await stream.next((e) => isDelivery(subscription.id)(e) && e.type === 'delivery' && e.delivery.assignedTo !== null);
    expect(assigned.event).toMatchObject({
      delivery: { assignedTo: 'ada@blooms.example', assigneeName: 'Ada Admin', status: 'out-for-delivery' },
    });
    stream.close();
  });

  it('announces nothing for a change that was refused', async () => {
    const subscription = await addSubscription(database.db);
    const stream = await openLiveStream(baseUrl, adminToken);
    const refused = await post('/api/deliveries/status', { subscriptionId: subscription.id, month: NOV, expectedStatus: 'delivered' });
    expect(refused.statusCode).toBe(409);
    await post('/api/deliveries/status', { subscriptionId: subscription.id, month: NOV, expectedStatus: 'not-started' });
    await stream.next(isDelivery(subscription.id));
    expect(stream.received.filter((r) => isDelivery(subscription.id)(r.event))).toHaveLength(1);
    stream.close();
  });

  it("tells screens about user changes and ends a removed person's stream", async () => {
    const gone = await addUser(database.db, 'Gus Gone', 'gus@blooms.example');
    const gusToken = (await signInWithGoogle('gus@blooms.example')).idToken;
    const gusStream = await openLiveStream(baseUrl, gusToken);
    const adminStream = await openLiveStream(baseUrl, adminToken);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/users/${gone.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(204);
    await adminStream.next((e) => e.type === 'users-changed' && e.removedEmail === 'gus@blooms.example');
    expect(await gusStream.waitForEnd()).toBe(true);
    adminStream.close();
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('the live feed across backend processes sharing PostgreSQL', () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let second: ChildProcess;
    let secondUrl: string;
    let adminToken: string;

    beforeAll(async () => {
      database = await createMigratedDatabase('postgres');
      await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
      app = await startTestServer(database);
      const port = await freePort();
      secondUrl = `http://127.0.0.1:${port}`;
      second = spawn(path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
        cwd: path.join(__dirname, '..'),
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: database.url!,
          FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
          SERVE_STATIC: 'false',
          ADMIN_EMAILS: '',
          LOG_LEVEL: 'warn',
        },
      });
      await waitForHttp(`${secondUrl}/api/health`, 30_000);
      adminToken = (await signInWithGoogle('ada@blooms.example')).idToken;
    }, 60_000);
    afterAll(async () => {
      second?.kill('SIGTERM');
      await app.close();
      await database.destroy();
    });

    const advance = (subscriptionId: string, expectedStatus: string) =>
      app.inject({
        method: 'POST',
        url: '/api/deliveries/status',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { subscriptionId, month: NOV, expectedStatus },
      });

    it('a change made through one process reaches a live client of the other', async () => {
      const stream = await openLiveStream(secondUrl, adminToken);
      expect(stream.status).toBe(200);
      const subscription = await addSubscription(database.db);
      expect((await advance(subscription.id, 'not-started')).statusCode).toBe(200);
      await stream.next(isDelivery(subscription.id, 'out-for-delivery'));
      stream.close();
    });

    it('after a dropped database connection, the other process reconnects, asks screens to resync, and carries on', async () => {
      const stream = await openLiveStream(secondUrl, adminToken);
      // Cut every LISTEN connection on the database, the second process's included.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN blooms_changes' and pid <> pg_backend_pid()`,
      );
      await stream.next((e) => e.type === 'resync', 10_000);
      const subscription = await addSubscription(database.db);
      await advance(subscription.id, 'not-started');
      await stream.next(isDelivery(subscription.id, 'out-for-delivery'));
      stream.close();
    });
  });
}

describe('stopping the server with live screens open', () => {
  it('ends every live stream, so the server closes at once and each screen can reconnect', async () => {
    const database = await createMigratedDatabase('pglite');
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    const app = await startTestServer(database);
    const baseUrl = await listen(app);
    const { idToken } = await signInWithGoogle('ada@blooms.example');
    const streams = await Promise.all([openLiveStream(baseUrl, idToken), openLiveStream(baseUrl, idToken)]);
    expect(streams.map((s) => s.status)).toEqual([200, 200]);

    // A stream left open would hold the close until the test's own time ran out.
    await app.close();
    for (const stream of streams) expect(await stream.waitForEnd()).toBe(true);
    await database.destroy();
  });
});

describe('an account ended while its live stream is open', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, { config: testConfig({ ACCOUNT_RECHECK_MS: '200' }) });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const signedInStaff = async (email: string) => {
    await addUser(database.db, 'Staff Person', email);
    return signInWithGoogle(email);
  };

  it('is cut off when the account is disabled, and its screen is then refused', async () => {
    const { idToken, uid } = await signedInStaff('disabled-live@blooms.example');
    const other = await signedInStaff('still-here@blooms.example');
    const [stream, untouched] = await Promise.all([openLiveStream(baseUrl, idToken), openLiveStream(baseUrl, other.idToken)]);
    expect(stream.status).toBe(200);
    await disableAccount(uid);
    expect(await stream.waitForEnd(3000)).toBe(true);
    expect(untouched.ended).toBe(false);
    expect((await fetch(`${baseUrl}/api/live`, { headers: { Authorization: `Bearer ${idToken}` } })).status).toBe(401);
    untouched.close();
  });

  it('is cut off when its sessions are revoked', async () => {
    const { idToken, uid } = await signedInStaff('revoked-live@blooms.example');
    const stream = await openLiveStream(baseUrl, idToken);
    expect(stream.status).toBe(200);
    await nextWholeSecond();
    await revokeSessions(uid);
    expect(await stream.waitForEnd(3000)).toBe(true);
  });
});
