// `pnpm test:dates`: the date-sensitive suites at days whose rules are easy to get wrong
// (calendar-edges.ts), so that no test, and no rule, holds only on the day it is run. The jest
// suites below run on PGlite at every edge in one jest run; then, at every edge, the browser
// journeys below against a stack started at that moment (TEST_CLOCK_START), with the pages'
// clocks at it too. Every other suite runs at the real date in `pnpm test`. Prints a table and
// exits non-zero if any edge failed. DATES_ONLY=<n,n> runs only those edges (1-based).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.cjs';
import { calendarEdges } from './calendar-edges';

const FUNCTIONS_DIR = path.join(__dirname, '..');
const E2E_DIR = path.join(FUNCTIONS_DIR, '..', 'e2e');

/** Suites that take their days from the suite's time: charges, the notice, gifts, refunds, checkout's first delivery. */
const JEST_FILES = [
  'test/billing.test.ts',
  'test/account-changes.test.ts',
  'test/gifts-lifecycle.test.ts',
  'test/gifts-checkout.test.ts',
  'test/checkout-test-provider.test.ts',
  'test/provider-events.test.ts',
  'test/money-rule.property.test.ts',
  'test/staff-refunds.test.ts',
];
/** Journeys that cross a delivery day, read the start month, the day summary and the forecast from today, or show the year. */
const E2E_SPECS = ['tests/start-month.spec.ts', 'tests/day-summary.spec.ts', 'tests/forecast.spec.ts', 'tests/footer-year.spec.ts'];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { ok: boolean; seconds: number } {
  const began = Date.now();
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: status === 0, seconds: Math.round((Date.now() - began) / 1000) };
}

async function main() {
  const only = process.env.DATES_ONLY?.split(',').map(Number);
  const edges = calendarEdges(studioDate(new Date())).filter((_, i) => !only || only.includes(i + 1));
  console.log(`Calendar edges:\n${edges.map((edge, i) => `  ${i + 1}. ${edge.start}  ${edge.name}`).join('\n')}`);

  // One Auth emulator for every browser run (the stack's project); jest starts its own once.
  const emulator = await startAuthEmulator({ projectId: 'demo-monthly-blooms' });
  const results: { what: string; ok: boolean; seconds: number }[] = [];
  try {
    const planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-dates-')), 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({ edges, jestFiles: JEST_FILES }));
    // PGlite only: the calendar is the database's no more than the server's; the PostgreSQL runs are `pnpm test`'s.
    const jest = run('pnpm', ['exec', 'jest', '--config', 'test-dates/jest.config.cjs'], FUNCTIONS_DIR, {
      NODE_OPTIONS: '--experimental-vm-modules',
      TEST_DATES_PLAN: planFile,
      TEST_DATABASE_URL: '',
    });
    results.push({ what: `jest: ${JEST_FILES.length} suites at ${edges.length} moments`, ...jest });

    for (const edge of edges) {
      console.log(`\n━━ Browser journeys at ${edge.start} (${edge.name}) ━━`);
      const browser = run('pnpm', ['exec', 'playwright', 'test', ...E2E_SPECS], E2E_DIR, {
        TEST_CLOCK_START: edge.start,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        E2E_AUTH_EMULATOR_PORT: emulator.host.split(':')[1],
      });
      results.push({ what: `browser at ${edge.start} (${edge.name})`, ...browser });
    }
  } finally {
    await emulator.stop();
  }
  console.log('\n━━ Calendar edges ━━');
  for (const { what, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what} (${seconds} s)`);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

void main();
