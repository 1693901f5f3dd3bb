import type { FastifyInstance } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import { pathOf, refusesUnknownKeys } from '@blooms/shared/contract/api-route';
import { users } from '../src/db/schema';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { routesOf } from './support/routes-of';
import { startTestServer, testConfig } from './support/test-server';

const ROUTES = Object.entries(API);
/** A route's path as routesOf gives it: each parameter an 'x'. */
const patternOf = (path: string) => path.replace(/:[^/]+/g, 'x');
/** Parameters that pass each params schema, so a refusal is about who calls, not what. */
const SAMPLE_PARAMS = {
  id: '3f1d2c9e-0000-4000-8000-000000000000',
  subscriptionId: '3f1d2c9e-0000-4000-8000-000000000000',
  month: '2026-11',
  eventId: 1,
  number: 'R-000001',
};

describe('the route table (contract/api-routes.ts) and the server', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  let employee = '';

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    // The test checkout has the test clock; Stripe has its webhook and Twilio its replies: between them, every route.
    apps.push(await startTestServer(database, { config: testConfig({ PAYMENTS: 'test' }) }));
    apps.push(
      await startTestServer(database, {
        config: testConfig({
          PAYMENTS: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
          TWILIO_AUTH_TOKEN: 'test-token',
          TWILIO_FROM: '+18015550100',
        }),
      }),
    );
    for (const app of apps) await app.ready();
    await database.db.insert(users).values({ name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' });
    employee = (await signInWithGoogle('eli@blooms.example')).idToken;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
  });

  it('registers every route of the table, and no API route outside it', () => {
    const served = apps.flatMap(routesOf).filter(({ path }) => path.startsWith('/api/') || path === API.appConfig.path);
    const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
    const inTable = new Set(ROUTES.map(([, route]) => key({ method: route.method, path: patternOf(route.path) })));
    expect([...new Set(served.map(key))].filter((route) => !inTable.has(route))).toEqual([]);
    expect([...inTable].filter((route) => !served.some((s) => key(s) === route))).toEqual([]);
  });

  // Strict schemas are how the server finds a key a route does not read, to drop and log it (apps-of-another-release.test.ts).
  it('names every key of every query and body the table describes (strict schemas)', () => {
    const loose = ROUTES.flatMap(([name, route]) =>
      (['params', 'query', 'body'] as const)
        .filter((part) => route[part as never] && !refusesUnknownKeys(route[part as never]))
        .map((part) => `${name}.${part}`),
    );
    expect(loose).toEqual([]);
  });

  it('serves each route at the access level the table gives it: nobody signed in is refused every route but the public ones, an employee every admin one', async () => {
    const [app] = apps;
    const refusals: string[] = [];
    for (const [name, route] of ROUTES) {
      if (route.access === 'public') continue;
      const url = pathOf(route, SAMPLE_PARAMS);
      const anonymous = await app!.inject({ method: route.method, url });
      if (anonymous.statusCode !== 401) refusals.push(`${name} without sign-in: ${anonymous.statusCode}`);
      if (route.access !== 'admin') continue;
      const byEmployee = await app!.inject({ method: route.method, url, headers: as(employee) });
      if (byEmployee.statusCode !== 403) refusals.push(`${name} by an employee: ${byEmployee.statusCode}`);
    }
    expect(refusals).toEqual([]);
  });
});
