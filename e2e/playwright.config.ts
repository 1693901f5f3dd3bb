import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { journeyBrowser } from './support/browsers';
import { SITE_SETTINGS } from './support/site-settings';
import { ownStack, stack, STACK_COUNT } from './support/stacks';

// Tests read their stack's outbox and releases there (a skew journey sets its own).
process.env.E2E_DATA_DIR = ownStack.dataDir;
// Built once, in the main process, before the stacks start: each would otherwise build the same
// files at once. Each stack's database starts initialized (scripts/lib/initialized-pglite.cjs).
if (process.env.TEST_PARALLEL_INDEX === undefined) {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build-stale.mjs')], { stdio: 'inherit' });
  const dataDirs = Array.from({ length: STACK_COUNT }, (_, index) => stack(index).dataDir);
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'lib', 'initialized-pglite.cjs'), ...dataDirs], {
    stdio: 'inherit',
  });
}

export default defineConfig({
  // UPDATE_DOCS_SCREENSHOTS=1 remakes the docs' pictures (./screenshots) instead of running the suite.
  testDir: process.env.UPDATE_DOCS_SCREENSHOTS ? './screenshots' : './tests',
  outputDir: './test-results',
  // A worker per stack (support/stacks.ts); a file's tests run in order on one.
  workers: STACK_COUNT,
  fullyParallel: false,
  // Whole days of work in one test (a driver's phone day, axe over every page) on a busy CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'artifacts/report' }]] : 'list',
  use: {
    baseURL: ownStack.baseURL,
    // A click on something that never comes, or a page that never loads, fails at that step, and
    // the test's own clean-up (a moved clock put back) still runs; without these it waits out the
    // whole test.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    viewport: { width: 1440, height: 900 },
    // Recording a trace of every test costs about a quarter of the suite's time. CI keeps only
    // what a run prints (each failure's step, call log and error), so it records none; a failure
    // seen there is run again here, where the trace of a failed test is kept.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // support/browsers.ts: the headless shell for journeys, full Chromium for how a page loads.
    launchOptions: journeyBrowser,
  },
  // Each the stack a new user gets from `pnpm start`, on its own ports and a fresh data directory.
  webServer: Array.from({ length: STACK_COUNT }, (_, index) => stack(index)).map(({ port, authEmulatorPort, dataDir }) => ({
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'admin@example.com',
      LOG_LEVEL: 'warn',
      // Texts go through Twilio's SDK to the local fake, which logs them in the data folder (delivery-texts.spec.ts).
      SMS_FAKE: 'true',
      // The stack starts at the suite's time (support/test.ts) when it is set.
      ...(process.env.TEST_CLOCK_START ? { TEST_CLOCK_START: process.env.TEST_CLOCK_START } : {}),
      ...SITE_SETTINGS,
    },
  })),
});
