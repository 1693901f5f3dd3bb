import type { FastifyInstance } from 'fastify';
import { LEGACY_REMOTE_ROUTES, LOGIN_PATH } from '@blooms/shared/contract/routes';
import { hostRewrites } from '../deploy/firebase-json';
import { buildPagesServer } from '../src/http/pages-server';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { routesOf } from './support/routes-of';
import { startTestServer, testConfig } from './support/test-server';

/** The function Hosting sends a path to: the first rewrite whose glob matches it. */
function functionFor(path: string): string {
  const rewrite = hostRewrites('us-west3').find(({ source }) => source === '**' || path.startsWith(source.replace(/\*\*$/, '')));
  return rewrite!.function.functionId;
}

describe('the host site on Firebase Hosting', () => {
  let database: TestDatabase;
  const apps: Record<string, FastifyInstance[]> = { api: [], pages: [] };

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    // The api function's app with either kind of payments: each registers routes of its own.
    apps.api!.push(await startTestServer(database, { config: testConfig({ PAYMENTS: 'test' }) }));
    apps.api!.push(
      await startTestServer(database, {
        config: testConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      }),
    );
    apps.pages!.push(
      await buildPagesServer(
        testConfig({ PAYMENTS: 'test' }),
        { pageTemplate: 'index.html', read: async () => null },
        { cacheControl: 'no-cache', logger: false },
      ),
    );
    for (const app of Object.values(apps).flat()) await app.ready();
  });
  afterAll(async () => {
    for (const app of Object.values(apps).flat()) await app.close();
    await database.destroy();
  });

  it('sends every route the backend has to a function that has it (a new route cannot be left unreachable)', () => {
    const served = (name: string, method: string, path: string) =>
      apps[name]!.some((app) => routesOf(app).some((route) => route.method === method && route.path === path));
    const unreachable = Object.values(apps)
      .flat()
      .flatMap(routesOf)
      .filter(({ method, path }) => !served(functionFor(path), method, path))
      .map(({ method, path }) => `${method} ${path} (Hosting sends it to ${functionFor(path)})`);
    expect([...new Set(unreachable)]).toEqual([]);
    // The test checkout a staging site (PAYMENTS=test) sends subscribers to.
    expect(functionFor('/checkout/test/cs_test_local_1')).toBe('api');
    expect(functionFor('/payment/confirm/abc')).toBe('api');
  });

  it('sends every page of the site to the pages function, whatever path a remote declares', () => {
    for (const path of [LOGIN_PATH, ...LEGACY_REMOTE_ROUTES.map((route) => route.path), '/a-screen-added-later', '/no/such/page'])
      expect({ path, to: functionFor(path) }).toEqual({ path, to: 'pages' });
  });
});
