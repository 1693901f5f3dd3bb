// `pnpm test:dates`: the date-sensitive suites at days whose rules are easy to get wrong
// (calendar-edges.ts), so that no test, and no rule, holds only on the day it is run. The jest
// suites below run at every edge (on the PostgreSQL server when TEST_DATABASE_URL is set, else
// PGlite) in one jest run. Then the browser journeys below, at each edge that is theirs (an
// edge's `journeys`), against a stack started at that moment (TEST_CLOCK_START), with the pages'
// clocks at it too, two edges at a time. Every other suite runs at the real date in `pnpm test`.
// Prints a table and exits non-zero if any edge failed. DATES_ONLY=<n,n> runs only those edges (1-based);
// DATES_PART=jest or DATES_PART=journeys only that part (`pnpm test` runs them as two steps).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { freePort, startAuthEmulator } from '../../scripts/lib/auth-emulator.cjs';
import { calendarEdges, type CalendarEdge } from './calendar-edges';
import { FIXTURE_DAY_FILES, fixtureDayFilesReadingSuiteTime, jestFilesAt, MOMENT_FILES } from './jest-plan';

const FUNCTIONS_DIR = path.join(__dirname, '..');
const E2E_DIR = path.join(FUNCTIONS_DIR, '..', 'e2e');
/** Edges whose browser journeys run at once, each on a stack and Auth emulator of its own: two cores, two lanes. */
const LANES = 2;

/** Journeys that cross a delivery day, read the start month, the day summary and the forecast from today, or show the year. */
const E2E_SPECS = ['tests/start-month.spec.ts', 'tests/day-summary.spec.ts', 'tests/forecast.spec.ts', 'tests/footer-year.spec.ts'];

interface Result {
  what: string;
  ok: boolean;
  seconds: number;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { ok: boolean; seconds: number } {
  const began = Date.now();
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: status === 0, seconds: Math.round((Date.now() - began) / 1000) };
}

/** Runs a command with its output held, printed whole when it ends, so that lanes do not interleave. */
function runHeld(
  heading: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; seconds: number }> {
  const began = Date.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      console.log(`\n━━ ${heading} ━━`);
      process.stdout.write(Buffer.concat(output));
      resolve({ ok: status === 0, seconds: Math.round((Date.now() - began) / 1000) });
    }),
  );
}

/** One lane: its own Auth emulator (the stack's project) and ports, taking the next edge until none is left. */
async function browserLane(lane: number, queue: CalendarEdge[], results: Map<CalendarEdge, Result>): Promise<void> {
  const emulator = await startAuthEmulator({ projectId: 'demo-monthly-blooms' });
  try {
    for (let edge = queue.shift(); edge; edge = queue.shift()) {
      const browser = await runHeld(
        `Browser journeys at ${edge.start} (${edge.name})`,
        'pnpm',
        ['exec', 'playwright', 'test', '--reporter=list', `--output=test-results/dates-lane-${lane}`, ...E2E_SPECS],
        E2E_DIR,
        {
          TEST_CLOCK_START: edge.start,
          E2E_STACKS: '1',
          E2E_PORT: String(await freePort()),
          E2E_DATA_ROOT: fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-dates-e2e-')),
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
          E2E_AUTH_EMULATOR_PORT: emulator.host.split(':')[1],
        },
      );
      results.set(edge, { what: `browser at ${edge.start} (${edge.name})`, ...browser });
    }
  } finally {
    await emulator.stop();
  }
}

/** The date-sensitive jest suites at every edge, in one jest run. */
function jestAtEdges(edges: CalendarEdge[]): Result {
  const readsTime = fixtureDayFilesReadingSuiteTime();
  if (readsTime.length > 0)
    throw new Error(
      `${readsTime.join(', ')} read the suite's time itself: move them to MOMENT_FILES in test-dates/jest-plan.ts, to run at every edge.`,
    );
  const planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-dates-')), 'plan.json');
  const jestFiles = jestFilesAt(edges);
  fs.writeFileSync(planFile, JSON.stringify({ edges: edges.map((edge, i) => ({ ...edge, jestFiles: jestFiles[i] })) }));
  // One database: the calendar is the database's no more than the server's, and `pnpm test` has
  // run these suites on both. The PostgreSQL server when there is one (CI): its queries run
  // natively, beside the jest workers, where PGlite's run inside them.
  const jest = run('pnpm', ['exec', 'jest', '--config', 'test-dates/jest.config.cjs'], FUNCTIONS_DIR, {
    NODE_OPTIONS: '--experimental-vm-modules',
    TEST_DATES_PLAN: planFile,
    TEST_DATABASE_KINDS: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  });
  const runs = jestFiles.reduce((sum, files) => sum + files.length, 0);
  return {
    what: `jest: ${MOMENT_FILES.length + FIXTURE_DAY_FILES.length} suites at ${edges.length} moments (${runs} suite runs)`,
    ...jest,
  };
}

/** The browser journeys at each edge that is theirs, two edges at a time. */
async function journeysAtEdges(edges: CalendarEdge[]): Promise<Result[]> {
  // Built once before the lanes start their stacks, which would otherwise each build the same files.
  run('node', [path.join(FUNCTIONS_DIR, '..', 'scripts', 'build-stale.mjs')], FUNCTIONS_DIR, {});
  const journeyEdges = edges.filter((edge) => edge.journeys);
  const queue = [...journeyEdges];
  const browsers = new Map<CalendarEdge, Result>();
  await Promise.all(Array.from({ length: Math.min(LANES, queue.length) }, (_, lane) => browserLane(lane + 1, queue, browsers)));
  return journeyEdges.map((edge) => browsers.get(edge)!);
}

async function main() {
  const only = process.env.DATES_ONLY?.split(',').map(Number);
  const edges = calendarEdges(studioDate(new Date())).filter((_, i) => !only || only.includes(i + 1));
  console.log(`Calendar edges:\n${edges.map((edge, i) => `  ${i + 1}. ${edge.start}  ${edge.name}`).join('\n')}`);

  const part = process.env.DATES_PART;
  if (part && part !== 'jest' && part !== 'journeys') throw new Error(`DATES_PART is jest or journeys, not '${part}'.`);
  const results: Result[] = [];
  if (part !== 'journeys') results.push(jestAtEdges(edges));
  if (part !== 'jest') results.push(...(await journeysAtEdges(edges)));

  console.log('\n━━ Calendar edges ━━');
  for (const { what, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what} (${seconds} s)`);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

void main();
