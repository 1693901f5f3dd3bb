import { Client } from 'pg';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliveries } from '../src/db/schema';
import { isConnectionLost } from '../src/db/listen';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

const NOV = '2026-11';

describe('what counts as a lost database connection', () => {
  it.each([
    ['an administrator ending it', { code: '57P01' }],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['the driver, wrapped by drizzle', { message: 'Failed query: select 1', cause: new Error('Connection terminated unexpectedly') }],
  ])('%s', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a plain bug', new TypeError('x is undefined')],
  ])('not %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });
});

// Only a server's connections can be ended from outside: this runs where TEST_DATABASE_URL is set (CI).
for (const kind of DATABASE_KINDS.filter((k) => k === 'postgres')) {
  describe(`every pool connection ended during a burst of writes, on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await createMigratedDatabase(kind);
      app = await startTestServer(database);
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    it('answers each request 200 or 503, never crashes or 500s, keeps every acknowledged write, and serves again', async () => {
      await addUser(database.db, 'Ada Admin', 'ada-burst@blooms.example', 'admin');
      const { idToken } = await signInWithGoogle('ada-burst@blooms.example');
      const ids: string[] = [];
      for (let i = 0; i < 120; i++) ids.push((await addSubscription(database.db)).id);

      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const dbName = new URL(database.url!).pathname.slice(1);
      const terminate = () =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);

      const assign = (id: string) =>
        app.inject({
          method: 'POST',
          url: '/api/deliveries/assign',
          headers: { authorization: `Bearer ${idToken}` },
          payload: { month: NOV, subscriptionIds: [id], assigneeEmail: 'ada-burst@blooms.example' },
        });
      const burst = ids.map((id, i) => new Promise((r) => setTimeout(r, i * 3)).then(() => assign(id)));
      let terminations = 0;
      const killer = (async () => {
        for (let i = 0; i < 6; i++) {
          await new Promise((r) => setTimeout(r, 50));
          terminations += (await terminate()).rowCount ?? 0;
        }
      })();
      const responses = await Promise.all(burst);
      await killer;
      await admin.end();

      const statuses = responses.map((r) => r.statusCode);
      expect(terminations).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      const acknowledged = ids.filter((_, i) => statuses[i] === 200);
      const stored = await database.db
        .select({ id: deliveries.subscriptionId })
        .from(deliveries)
        .where(and(eq(deliveries.month, NOV), isNotNull(deliveries.assigneeId)));
      const storedIds = new Set(stored.map((row) => row.id));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect((await assign(ids[0]!)).statusCode).toBe(200);
    });
  });
}
