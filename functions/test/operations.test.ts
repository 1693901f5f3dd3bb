import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { addDays, defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { DEFAULT_POOL_SIZE } from '../src/db/database';
import { emailOutbox, users, workerRuns } from '../src/db/schema';
import { logOutboxBacklog } from '../src/http/metrics';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { startFakeStripe } from './support/fake-stripe';
import { subscribeThroughStripe, WEBHOOK_SECRET } from './support/checkout';
import { firstDeliveryOf, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { openLiveStream } from './support/live-client';
import { waitFor } from './support/wait-for';
import { testNow } from './support/test-now';

const TOKEN = 'metrics-token-0123456789abcdef';
const SECRET_ADDRESS = 'rosa.secret@example.com';
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** One sample of the Prometheus text, by its name and labels exactly as written; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** An e-mail about nobody in particular, queued `minutesAgo` and not due for another hour (the worker leaves it be). */
async function queueOldEmail(database: TestDatabase, minutesAgo: number) {
  await database.db.insert(emailOutbox).values({
    kind: 'test',
    recipient: { name: 'Rosa', address: SECRET_ADDRESS },
    subject: 'Hello',
    text: 'Hello',
    html: '<p>Hello</p>',
    createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
    nextAttemptAt: sql`now() + interval '1 hour'`,
  });
}

describe.each(DATABASE_KINDS)('what operators watch, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let now = testNow();

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    fake = await startFakeStripe();
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        PUBLIC_URL: 'https://blooms.example',
        METRICS_TOKEN: TOKEN,
      }),
      clock: () => now,
    });
    await app.billing.runDue();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.destroy();
  });
  beforeEach(async () => {
    now = testNow();
    await database.db.delete(emailOutbox);
  });

  const health = async () => {
    const response = await app.inject('/api/health');
    return { status: response.statusCode, body: response.json(), raw: response.body };
  };
  const metrics = async () => (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  describe('/api/health', () => {
    it('says all is well, with when billing last ran, and is never cached', async () => {
      const response = await app.inject('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toMatchObject({
        status: 'ok',
        database: kind,
        problems: [],
        checks: { database: { ok: true }, outbox: { ok: true, oldestUnsentMinutes: null }, billing: { ok: true } },
      });
      expect(Date.now() - Date.parse(body.checks.billing.lastRunAt)).toBeLessThan(60_000);
      // Nightly backups are for the embedded database kept on disk; these tests' servers are given theirs.
      expect(Object.keys(body.checks)).toEqual(['database', 'outbox', 'billing', 'backups']);
    });

    it('names an e-mail backlog older than an hour, without the address or how many', async () => {
      await queueOldEmail(database, 95);
      await queueOldEmail(database, 10);
      const { status, body, raw } = await health();
      expect(status).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.checks.outbox).toEqual({ ok: false, oldestUnsentMinutes: 95 });
      expect(body.problems).toEqual(['E-mails are waiting to be sent: the oldest for 95 minutes. Is the mail server reachable?']);
      expect(raw).not.toContain(SECRET_ADDRESS);
      expect(raw).not.toMatch(/"unsent"|2 e-mails/);
    });

    it('says when the billing worker is late or its last run failed, and is well again once it runs', async () => {
      await database.db
        .update(workerRuns)
        .set({ lastFinishedAt: sql`now() - interval '3 hours'` })
        .where(sql`${workerRuns.worker} = 'billing'`);
      expect((await health()).body).toMatchObject({
        status: 'degraded',
        checks: { billing: { ok: false } },
        problems: ['The billing worker last ran 3 hours ago.'],
      });

      await database.db
        .update(workerRuns)
        .set({ lastFinishedAt: null, registeredAt: sql`now() - interval '5 hours'` })
        .where(sql`${workerRuns.worker} = 'billing'`);
      expect((await health()).body.problems).toEqual(['The billing worker has not run since the backend first started, 5 hours ago.']);

      await app.billing.runDue();
      expect((await health()).body).toMatchObject({ status: 'ok', checks: { billing: { ok: true } } });
    });

    it('says the database does not answer with 503, and nothing else', async () => {
      const broken = await createMigratedDatabase(kind);
      const server = await startTestServer(broken);
      await broken.close();
      const response = await server.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: kind,
        checks: { database: { ok: false } },
        problems: ['The database does not answer.'],
      });
      await server.close();
      await broken.destroy();
    });
  });

  describe('structured log fields, for log-based metrics on Firebase', () => {
    it("name each request's route, each charge's outcome, the live clients and the outbox backlog", async () => {
      const lines: Record<string, unknown>[] = [];
      const logged = await startTestServer(database, {
        config: testConfig({ METRICS_LOG: 'true' }),
        logTo: { write: (line) => void lines.push(JSON.parse(line)) },
      });
      try {
        await logged.inject('/api/upcoming-deliveries');
        await logged.inject('/api/nothing-here');
        const completed = lines.filter((line) => line.msg === 'request completed').map((line) => line.res);
        expect(completed).toEqual([
          { statusCode: 200, route: '/api/upcoming-deliveries' },
          { statusCode: 404, route: '(unmatched)' },
        ]);
        expect(lines.filter((line) => line.metric === 'instance')).toEqual([
          expect.objectContaining({
            liveClients: 0,
            dbPool: kind === 'postgres' ? expect.objectContaining({ max: DEFAULT_POOL_SIZE }) : null,
          }),
        ]);
        await queueOldEmail(database, 5);
        await logOutboxBacklog(database.db, logged.log);
        expect(lines.find((line) => line.metric === 'outbox')).toMatchObject({
          unsent: 1,
          oldestUnsentAgeSeconds: expect.any(Number),
          gaveUpLastDay: 0,
        });
        expect((lines.find((line) => line.metric === 'outbox')!.oldestUnsentAgeSeconds as number) >= 300).toBe(true);
      } finally {
        await logged.close();
      }
    });
  });

  describe('GET /metrics', () => {
    it('is there only with METRICS_TOKEN, and only for its holder', async () => {
      const unconfigured = await startTestServer(database);
      expect((await unconfigured.inject('/metrics')).statusCode).toBe(404);
      await unconfigured.close();

      expect((await app.inject('/metrics')).statusCode).toBe(401);
      expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' } })).statusCode).toBe(
        401,
      );
      expect((await app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
      const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    });

    it('counts requests and their latency per route pattern, with one label for paths that match none', async () => {
      const before = await metrics();
      const series = 'blooms_http_requests_total{method="GET",route="/api/upcoming-deliveries",status="200"}';
      for (let i = 0; i < 3; i++) expect((await app.inject('/api/upcoming-deliveries')).statusCode).toBe(200);
      await app.inject('/api/no-such-thing-1');
      await app.inject('/api/no-such-thing-2');
      const after = await metrics();
      expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3);
      expect(
        sample(after, 'blooms_http_request_duration_seconds_count{method="GET",route="/api/upcoming-deliveries"}'),
      ).toBeGreaterThanOrEqual(3);
      expect(
        sample(after, 'blooms_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/upcoming-deliveries"}'),
      ).toBeGreaterThanOrEqual(3);
      expect(after).toContain('route="(unmatched)"');
      expect(after).not.toContain('no-such-thing');
    });

    it('shows the outbox backlog and the age of its oldest e-mail', async () => {
      expect(sample(await metrics(), 'blooms_outbox_unsent')).toBe(0);
      await queueOldEmail(database, 3);
      await queueOldEmail(database, 1);
      const text = await metrics();
      expect(sample(text, 'blooms_outbox_unsent')).toBe(2);
      expect(sample(text, 'blooms_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(180);
      expect(sample(text, 'blooms_outbox_oldest_unsent_age_seconds')).toBeLessThan(240);
    });

    it('counts live clients, and the database pool on PostgreSQL', async () => {
      await database.db.insert(users).values({ name: 'Ops Admin', email: `ops-${kind}@blooms.example`, role: 'admin' });
      const { idToken } = await signInWithGoogle(`ops-${kind}@blooms.example`);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const streams = [await openLiveStream(url, idToken), await openLiveStream(url, idToken)];
      expect(sample(await metrics(), 'blooms_live_clients')).toBe(2);
      streams[0]!.close();
      await waitFor(async () => sample(await metrics(), 'blooms_live_clients') === 1);
      streams[1]!.close();

      const text = await metrics();
      if (kind === 'postgres') {
        expect(sample(text, 'blooms_db_pool_connections{state="max"}')).toBe(DEFAULT_POOL_SIZE);
        expect(sample(text, 'blooms_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'blooms_db_pool_connections{state="waiting"}')).toBe(0);
      } else {
        expect(text).not.toContain('blooms_db_pool_connections{');
      }
    });

    it('counts charges by outcome: paid, declined, and not made because the provider did not answer (which health names)', async () => {
      const charges = async () => {
        const text = await metrics();
        return Object.fromEntries(
          ['paid', 'declined', 'error'].map((outcome) => [outcome, sample(text, `blooms_charges_total{outcome="${outcome}"}`)]),
        );
      };
      const before = await charges();
      const month = addMonths(firstDeliveryOf(ALL).month, 1);
      const chargeDay = chargeDateFor(defaultDeliveryDate(month));
      await subscribeThroughStripe(app, database.db, fake, `paying-${kind}@example.com`, ALL);
      const declining = await subscribeThroughStripe(app, database.db, fake, `declining-${kind}@example.com`, ALL);
      fake.declineCard(declining.providerCustomerId!);
      now = noonOn(chargeDay);
      await app.billing.runDue();
      expect(await charges()).toEqual({ paid: before.paid! + 1, declined: before.declined! + 1, error: before.error });
      expect((await health()).body.status).toBe('ok');

      // The next day the provider is gone: the declined month's retry is not made.
      await fake.close();
      now = noonOn(addDays(chargeDay, 1));
      await app.billing.runDue();
      expect((await charges()).error).toBe(before.error! + 1);
      expect((await health()).body).toMatchObject({
        status: 'degraded',
        checks: { billing: { ok: false } },
        problems: ['The last billing run could not make every charge: the payment provider did not answer, or the database went away.'],
      });
      fake = await startFakeStripe();
    });
  });
});
