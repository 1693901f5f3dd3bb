import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addDays } from '@blooms/shared/contract/delivery-dates';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { runBackend } from '../src/backend';
import { users } from '../src/db/schema';
import { localBlobStore } from '../src/infrastructure/blob-store';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { testConfig } from './support/test-server';

describe.each(DATABASE_KINDS)('a server started at a chosen day (TEST_CLOCK_START) on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    // The setting alone, as `pnpm start` passes it: no clock handed in.
    app = await runBackend(testConfig({ TEST_CLOCK_START: '2028-02-29' }), database, {
      blobs: localBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-blobs-'))),
      logger: false,
    });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'clock-start@blooms.example', role: 'admin' });
    admin = { authorization: `Bearer ${(await signInWithGoogle('clock-start@blooms.example')).idToken}` };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('takes that day as today, and the test clock moves on from it, not from the real date', async () => {
    expect((await app.inject({ url: TEST_CLOCK_PATH, headers: admin })).json()).toEqual({ today: '2028-02-29', pretending: false });
    const moved = await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, headers: admin, payload: { today: '2028-03-01' } });
    expect(moved.json()).toEqual({ today: '2028-03-01', pretending: true });
    expect((await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, headers: admin, payload: { today: '2028-02-28' } })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, headers: admin, payload: { today: addDays('2028-02-29', 367) } }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: TEST_CLOCK_PATH, headers: admin })).json()).toEqual({
      today: '2028-02-29',
      pretending: false,
    });
  });

  it('opens staff screens where the work is on that day: February 10 has passed, so March 9', async () => {
    expect((await app.inject({ url: '/api/start-month', headers: admin })).json()).toMatchObject({
      month: '2028-03',
      date: '2028-03-09',
      passedOver: { month: '2028-02', date: '2028-02-10' },
    });
  });
});
