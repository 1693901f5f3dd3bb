import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import { REPO_ROOT } from '../src/config';
import { queueEmail } from '../src/infrastructure/email-outbox';
import { startApi, startBilling, startLive, startOutbox } from '../src/firebase/instances';
import { loadFunctionsConfig } from '../src/firebase/settings';
import {
  CONNECTION_BUDGET,
  DATABASE_TIER,
  FUNCTION_NAMES,
  FUNCTION_SECRETS,
  SERVICE_ACCOUNTS,
  SIZING,
  type FunctionName,
} from '../src/firebase/sizing';
import { bundleFunctions } from '../deploy/bundle';
import { startCloudStorageStandIn, type CloudStorageStandIn } from './support/cloud-storage-stand-in';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle, TEST_PROJECT_ID } from './support/identities';
import { startSmtpServer } from './support/smtp';
import { addSubscription, firstDeliveryOf, noonOn } from './support/fixtures';
import { paidMonthsOf } from '../src/read-models/ledger';
import { chargeDateFor } from '@blooms/shared/contract/account';
import { addDays } from '@blooms/shared/contract/delivery-dates';
import { ALL_MONTH_NUMBERS } from '@blooms/shared/contract/months';
import { waitFor } from './support/wait-for';

const QUIET = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Endpoint {
  region: string[];
  minInstances?: number | null;
  maxInstances: number | null;
  concurrency: number | null;
  availableMemoryMb: number | null;
  serviceAccountEmail: string | null;
  secretEnvironmentVariables?: { key: string }[];
  scheduleTrigger?: { schedule: string };
}

/** The manifest `firebase deploy` reads from the bundle: what each function is deployed with. */
function functionManifest(bundleDir: string, env: Record<string, string> = {}): Record<string, Endpoint> {
  const output = path.join(bundleDir, 'manifest.json');
  execFileSync(path.join(bundleDir, 'node_modules', '.bin', 'firebase-functions'), [bundleDir], {
    cwd: bundleDir,
    env: {
      PATH: process.env.PATH,
      GCLOUD_PROJECT: 'blooms-prod',
      FUNCTIONS_CONTROL_API: 'true',
      FUNCTIONS_MANIFEST_OUTPUT_PATH: output,
      ...env,
    },
    stdio: 'pipe',
    timeout: 30_000,
  });
  return (JSON.parse(fs.readFileSync(output, 'utf8')) as { endpoints: Record<string, Endpoint> }).endpoints;
}

describe('the functions as deployed (the manifest made from the bundle)', () => {
  let bundleDir: string;
  let manifest: Record<string, Endpoint>;

  beforeAll(async () => {
    bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-bundle-'));
    await bundleFunctions(bundleDir);
    // Deploy installs these from the bundle's package.json; the workspace has them already.
    fs.symlinkSync(path.join(REPO_ROOT, 'functions', 'node_modules'), path.join(bundleDir, 'node_modules'), 'dir');
    manifest = functionManifest(bundleDir);
  }, 60_000);
  afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

  it('are the five functions, in Salt Lake City unless the settings say otherwise', () => {
    expect(Object.keys(manifest).sort()).toEqual([...FUNCTION_NAMES].sort());
    for (const endpoint of Object.values(manifest)) expect(endpoint.region).toEqual(['us-west3']);
    expect(Object.values(functionManifest(bundleDir, { FUNCTIONS_REGION: 'us-central1' })).map((endpoint) => endpoint.region)).toEqual(
      FUNCTION_NAMES.map(() => ['us-central1']),
    );
  });

  it('never hold more database connections together than the Cloud SQL tier leaves them', () => {
    let connections = 0;
    for (const name of FUNCTION_NAMES) {
      const { maxInstances, concurrency } = manifest[name]!;
      expect({ name, maxInstances, concurrency }).toEqual({
        name,
        maxInstances: SIZING[name].maxInstances,
        concurrency: SIZING[name].concurrency,
      });
      connections += maxInstances! * (SIZING[name].pool + SIZING[name].listeners);
    }
    expect(connections).toBeLessThanOrEqual(CONNECTION_BUDGET);
    expect(CONNECTION_BUDGET).toBe(DATABASE_TIER.maxConnections - DATABASE_TIER.reserved - DATABASE_TIER.headroom);
  });

  it('keep a started instance of the pages and api functions at every hour, and none of the others', () => {
    const warm = Object.fromEntries(FUNCTION_NAMES.map((name) => [name, manifest[name]!.minInstances ?? 0]));
    expect(warm).toEqual({ api: 1, live: 0, pages: 1, outbox: 0, billing: 0 });
    expect(warm).toEqual(Object.fromEntries(FUNCTION_NAMES.map((name) => [name, SIZING[name].minInstances])));
  });

  it('run each function as its own service account, with only the secrets it reads', () => {
    for (const name of FUNCTION_NAMES) {
      const endpoint = manifest[name]!;
      expect({ name, account: endpoint.serviceAccountEmail }).toEqual({ name, account: `${SERVICE_ACCOUNTS[name]}@` });
      expect({ name, secrets: (endpoint.secretEnvironmentVariables ?? []).map((secret) => secret.key).sort() }).toEqual({
        name,
        secrets: [...FUNCTION_SECRETS[name]].sort(),
      });
    }
    expect(manifest.outbox!.scheduleTrigger?.schedule).toBe('every 1 minutes');
    expect(manifest.billing!.scheduleTrigger?.schedule).toBe('every 1 hours');
  });
});

for (const kind of DATABASE_KINDS.filter((k) => k === 'postgres'))
  describe(`each function's instance on ${kind}`, () => {
    let database: TestDatabase;
    let storage: CloudStorageStandIn;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    const previousStorage = process.env.STORAGE_EMULATOR_HOST;
    const started: FastifyInstance[] = [];
    let env: Record<string, string | undefined>;
    const configOf = (name: FunctionName) => loadFunctionsConfig(env, name);

    beforeAll(async () => {
      database = await createEmptyDatabase(kind);
      storage = await startCloudStorageStandIn();
      process.env.STORAGE_EMULATOR_HOST = storage.url;
      smtp = await startSmtpServer();
      env = {
        GCLOUD_PROJECT: TEST_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
        PUBLIC_URL: 'http://127.0.0.1:5000',
        PAYMENTS: 'test',
        DATABASE_URL: database.url!,
        SMTP_URL: smtp.url,
        STORAGE_BUCKET: 'blooms-photos',
        ADMIN_EMAILS: 'ada-functions@blooms.example',
        LOG_LEVEL: 'silent',
        ...Object.fromEntries(
          REMOTE_NAMES.map((name) => [
            `REMOTE_${name.toUpperCase()}_URL`,
            `http://127.0.0.1:500${REMOTE_NAMES.indexOf(name) + 1}/mf-manifest.json`,
          ]),
        ),
      };
    });
    afterAll(async () => {
      for (const app of started) await app.close();
      if (previousStorage === undefined) delete process.env.STORAGE_EMULATOR_HOST;
      else process.env.STORAGE_EMULATOR_HOST = previousStorage;
      await Promise.all([storage.close(), smtp.close()]);
      await database.destroy();
    });

    /** The function's connections to the database, as PostgreSQL sees them. */
    const connectionsOf = async (name: FunctionName) => {
      const result = (await database.db.execute(
        sql`select query from pg_stat_activity where application_name = ${`blooms-${name}`}`,
      )) as unknown as { rows: { query: string }[] };
      return { all: result.rows.length, listening: result.rows.filter((row) => /^LISTEN /i.test(row.query)).length };
    };

    it('start together on an empty database, each within its pool, only the live function listening', async () => {
      const [api, live] = await Promise.all([startApi(configOf('api')), startLive(configOf('live'))]);
      started.push(api, live);
      const outbox = await startOutbox(configOf('outbox'), QUIET);
      const { idToken } = await signInWithGoogle('ada-functions@blooms.example');
      const asAdmin = { authorization: `Bearer ${idToken}` };
      // A burst wider than any pool: each request needs a connection.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => api.inject({ url: i % 2 ? '/api/health' : '/api/me', headers: asAdmin })),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      await Promise.all(Array.from({ length: 10 }, () => live.inject({ url: '/api/no-such-thing', headers: asAdmin })));
      await outbox.run();
      for (const name of ['api', 'live', 'outbox'] as const) {
        const { all, listening } = await connectionsOf(name);
        expect({ name, all: all <= SIZING[name].pool + SIZING[name].listeners, listening }).toEqual({
          name,
          all: true,
          listening: SIZING[name].listeners,
        });
      }
      await outbox.close();
    });

    it('send what the api queued, and the sign-in links asked of it, from a scheduled run of the outbox function', async () => {
      await queueEmail(
        database.db,
        'test',
        { to: { name: 'Rosa', address: 'rosa@example.com' }, subject: 'Queued by the api', text: 'Hello', html: '<p>Hello</p>' },
        { subscriptionId: null },
      );
      await addSubscription(database.db, { email: 'ivy-functions@example.com' });
      const asked = await started[0]!.inject({
        method: 'POST',
        url: '/api/account/sign-in-link',
        payload: { email: 'ivy-functions@example.com' },
      });
      expect(asked.statusCode).toBe(202);
      const outbox = await startOutbox(configOf('outbox'), QUIET);
      await outbox.run();
      await outbox.close();
      await waitFor(() => smtp.received.some((mail) => mail.to.includes('rosa@example.com')));
      await waitFor(() =>
        smtp.received.some(
          (mail) => mail.to.includes('ivy-functions@example.com') && mail.raw.includes('Subject: Your Monthly Blooms sign-in link'),
        ),
      );
    });

    it('charge from a scheduled run of the billing function, which needs no mail server', async () => {
      const row = await addSubscription(database.db, { email: 'rue-functions@example.com' });
      const { month, date } = firstDeliveryOf(ALL_MONTH_NUMBERS);
      const chargeDay = chargeDateFor(date);
      let now = noonOn(addDays(chargeDay, -1));
      const billing = await startBilling(loadFunctionsConfig({ ...env, SMTP_URL: undefined }, 'billing'), QUIET, () => now);
      try {
        // The day before a charge date nothing is due, whoever subscribed.
        expect(await billing.run()).toEqual({ paid: 0, declined: 0, failed: 0 });
        expect(await paidMonthsOf(database.db, row.id)).toEqual(new Set());
        now = noonOn(chargeDay);
        expect(await billing.run()).toMatchObject({ declined: 0, failed: 0 });
        expect(await paidMonthsOf(database.db, row.id)).toEqual(new Set([month]));
        // The next hourly run charges nothing again.
        expect(await billing.run()).toEqual({ paid: 0, declined: 0, failed: 0 });
        expect((await connectionsOf('billing')).all).toBeLessThanOrEqual(SIZING.billing.pool);
      } finally {
        await billing.close();
      }
    });

    it('offer no test clock, even with the test checkout', async () => {
      const { idToken } = await signInWithGoogle('ada-functions@blooms.example');
      expect((await started[0]!.inject({ url: TEST_CLOCK_PATH, headers: { authorization: `Bearer ${idToken}` } })).statusCode).toBe(404);
    });
  });
