import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { allMonthsSelected } from '@blooms/shared/contract/months';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';

const SUBSCRIBER = {
  ...EMPTY_SUBSCRIBE_FORM,
  firstName: 'Wilhelmina',
  lastName: 'Quackenbush',
  email: 'wilhelmina.q@example.com',
  phone: '(801) 555-0199',
  address: '987 Secret Garden Ln',
  unit: 'Suite 42',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  deliveryNotes: 'Key under the blue flowerpot',
  plan: 'yearly' as const,
  selectedMonths: allMonthsSelected(),
};
const PERSONAL = ['Wilhelmina', 'Quackenbush', 'wilhelmina.q@example.com', '8015550199', 'Secret Garden', 'blue flowerpot'];

describe('logs carry no personal data', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    // Stripe configured but unreachable: creating the checkout fails (503, try again).
    app = await startTestServer(database, {
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        PUBLIC_URL: 'https://blooms.example',
      }),
      logTo: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('when creating a checkout fails, the failure is logged without the customer', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/createCheckoutSession',
      payload: { data: buildCheckoutPayload(SUBSCRIBER) },
    });
    expect(response.statusCode).toBe(503);
    const errors = lines.filter((line) => JSON.parse(line).level >= 40);
    expect(errors.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    for (const value of PERSONAL) expect({ value, logged: logged.includes(value) }).toEqual({ value, logged: false });
  });
});

describe('logs carry no personal data when the database refuses a write', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, { logTo: { write: (line) => void lines.push(line) } });
    // The write fails, and the database driver's error names the query and its values.
    await database.db.execute(sql`alter table checkout_sessions add constraint refuse_all check (false) not valid`);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('the error is logged without the values written', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/createCheckoutSession',
      payload: { data: buildCheckoutPayload(SUBSCRIBER) },
    });
    expect(response.statusCode).toBe(500);
    expect(lines.some((line) => JSON.parse(line).level >= 50 && line.includes('checkout_sessions'))).toBe(true);
    const logged = lines.join('\n');
    for (const value of PERSONAL) expect({ value, logged: logged.includes(value) }).toEqual({ value, logged: false });
  });
});
