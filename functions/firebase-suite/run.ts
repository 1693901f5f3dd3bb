// `pnpm test:firebase`: the product as it runs on Firebase, on the Firebase emulators. Builds
// what `firebase deploy` uploads (and checks that a remote built twice is the same to the
// byte), then runs the stack `pnpm firebase:emulate` runs twice, each against a fresh database
// on the PostgreSQL server of TEST_DATABASE_URL:
//   - as a staging site (PAYMENTS=test, contact details of its own), used in Chromium as
//     visitors and staff use it;
//   - taking payments (Stripe's API stood in for), for the webhook, photos and the live feed.
// Prints each check, the timings (docs/performance.md), and "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import {
  freshDatabase,
  prepareDeployment,
  startEmulatorStack,
  type EmulatorStack,
  type EmulatorStackOptions,
} from '../deploy/emulator-stack';
import { startFakeStripe } from '../test/support/fake-stripe';
import { paymentsChecks, PAYMENTS_ADMIN, WEBHOOK_SECRET } from './payments-checks';
import { STAGING_SETTINGS, stagingChecks } from './staging-checks';
import { releaseChecks } from './release-checks';
import { check, expectEqual, failedChecks, launchChromium, timings } from './support';

/** Every file of a build folder with a digest of its bytes. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return files;
}

async function reproducibleBuildCheck(): Promise<void> {
  // The remote with prerendered pages and pictures, and one without.
  const remotes = ['marketing-remote', 'admin-remote'];
  await check('a remote built twice from the same source is the same to the byte (visitors keep their cached chunks)', async () => {
    // As a deploy builds: no build id given.
    const env = { ...process.env };
    delete env.BLOOMS_BUILD_ID;
    const build = () => {
      const { status } = spawnSync('pnpm', ['-r', ...remotes.flatMap((remote) => ['--filter', `./${remote}`]), 'build'], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
        env,
      });
      if (status !== 0) throw new Error('the build failed');
      return Object.fromEntries(remotes.map((remote) => [remote, filesOf(path.join(REPO_ROOT, remote, 'dist'))]));
    };
    const first = build();
    const second = build();
    for (const remote of remotes) {
      const changed = Object.keys({ ...first[remote], ...second[remote] }).filter((file) => first[remote]![file] !== second[remote]![file]);
      expectEqual(changed, [], `${remote}: files that differ`);
    }
    return remotes.map((remote) => `${remote} ${Object.keys(first[remote]!).length} files`).join(', ');
  });
}

/** Runs one stack against a fresh database, checks it, and stops it whatever happens. */
async function onStack(
  purpose: string,
  options: Omit<EmulatorStackOptions, 'databaseUrl'>,
  checks: (stack: EmulatorStack) => Promise<void>,
): Promise<void> {
  const database = await freshDatabase(process.env.TEST_DATABASE_URL!, `firebase_${purpose}`);
  let stack: EmulatorStack | null = null;
  try {
    const started = Date.now();
    stack = await startEmulatorStack({ ...options, databaseUrl: database.url });
    timings[`emulatorsReady (${purpose})`] = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    console.log(
      `\n${purpose}: emulators ready in ${timings[`emulatorsReady (${purpose})`]}, site at ${stack.siteUrl('host')}, functions at ${stack.functionUrl('')}`,
    );
    await checks(stack);
    const { failed } = failedChecks();
    if (failed > 0) console.log(`\nEmulator output (last lines):\n${stack.output().slice(-4000)}`);
    if (process.env.FIREBASE_SUITE_HOLD === '1') {
      console.log(`\nHolding the emulators: the site is at ${stack.siteUrl('host')}. Stop with Ctrl-C.`);
      await new Promise<void>((resolve) => process.once('SIGINT', resolve));
    }
  } finally {
    await stack?.stop();
    await database.drop().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'SKIPPED: pnpm test:firebase needs TEST_DATABASE_URL (a PostgreSQL server). Each emulated Cloud Function runs in a process of its own, ' +
        'so they can only share data through a server; on Firebase that is Cloud SQL. Nothing was checked. CI sets TEST_DATABASE_URL.',
    );
    return 0;
  }
  const started = Date.now();
  await reproducibleBuildCheck();
  await prepareDeployment({ rebuild: 'stale' });
  // Scheduled functions run every second here (Cloud Scheduler's stand-in), so e-mails go at once.
  const scheduleMs = { outbox: 1000, billing: 3_600_000 };

  const browser = await launchChromium();
  try {
    await onStack('staging', { settings: STAGING_SETTINGS, scheduleMs, projectId: 'demo-blooms-staging' }, async (stack) => {
      await stagingChecks(stack, browser);
      await releaseChecks(stack, browser);
    });
  } finally {
    await browser.close();
  }
  const stripe = await startFakeStripe();
  try {
    await onStack(
      'payments',
      {
        settings: { PAYMENTS: 'stripe', STRIPE_API_BASE: stripe.url, ADMIN_EMAILS: PAYMENTS_ADMIN },
        secrets: { STRIPE_SECRET_KEY: 'sk_test_firebase_suite', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
        scheduleMs,
        projectId: 'demo-blooms-payments',
      },
      (stack) => paymentsChecks(stack, stripe),
    );
  } finally {
    await stripe.close();
  }

  console.log('\nTimings');
  for (const [name, value] of Object.entries(timings)) console.log(`  ${name}: ${value}`);
  const { passed, failed } = failedChecks();
  console.log(`\n${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
