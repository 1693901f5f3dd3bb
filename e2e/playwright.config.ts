import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { AUTH_EMULATOR_PORT } from './support/session';
import { SITE_SETTINGS } from './support/site-settings';

const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;
// Made once by the main process; test workers inherit it (tests read the outbox there).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  // UPDATE_DOCS_SCREENSHOTS=1 remakes the docs' pictures (./screenshots) instead of running the suite.
  testDir: process.env.UPDATE_DOCS_SCREENSHOTS ? './screenshots' : './tests',
  outputDir: './test-results',
  // One stack, one PGlite file: tests share it and run one at a time.
  workers: 1,
  fullyParallel: false,
  // Whole days of work in one test (a driver's phone day, axe over every page) on a busy CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'artifacts/report' }]] : 'list',
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Debian Chromium as root, offline: no sandbox, no background calls to Google.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The stack a new user gets from `pnpm start`, on its own ports and a fresh data directory.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(AUTH_EMULATOR_PORT),
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'admin@example.com',
      LOG_LEVEL: 'warn',
      // The stack starts at the suite's time (support/test.ts) when it is set.
      ...(process.env.TEST_CLOCK_START ? { TEST_CLOCK_START: process.env.TEST_CLOCK_START } : {}),
      ...SITE_SETTINGS,
    },
  },
});
