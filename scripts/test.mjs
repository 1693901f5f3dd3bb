#!/usr/bin/env node
// `pnpm test`: type-check, lint, every package's jest suite, the fault suite, the browser suite
// (Playwright driving Chromium against the `pnpm start` stack), the skew test against the
// previous release (`pnpm test:skew`), the product on the Firebase emulators (`pnpm
// test:firebase`) and the date-sensitive suites at chosen days (`pnpm test:dates`, its backend
// suites beside the steps before its journeys). Runs every step, then reports each, with the
// lines that name what failed (lib/failure-lines.mjs), and exits non-zero if any failed.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib/builds.mjs';
import { ensureBrowsers } from './lib/chromium.mjs';
import { busyShare, coreTimes } from './lib/cores-busy.mjs';
import { failureLines } from './lib/failure-lines.mjs';

const results = [];

/** A step's process, its output kept; `ended` gives its exit status, its time and how busy the cores were meanwhile. */
function runStep(command, args, env, onOutput) {
  const began = { at: Date.now(), cores: coreTimes() };
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => {
    output.push(chunk);
    onOutput?.(process.stdout, chunk);
  });
  child.stderr.on('data', (chunk) => {
    output.push(chunk);
    onOutput?.(process.stderr, chunk);
  });
  const ended = new Promise((resolve) =>
    child.on('close', (status) =>
      resolve({
        ok: status === 0,
        seconds: Math.round((Date.now() - began.at) / 1000),
        busy: busyShare(began.cores, coreTimes()),
        output: Buffer.concat(output).toString(),
      }),
    ),
  );
  return ended;
}

function record(name, { ok, seconds, busy, output }) {
  results.push({ name, ok, seconds, busy, failures: ok ? [] : failureLines(output) });
}

/** Runs a step to its end, its output shown as it comes and kept for the summary's failure lines. */
async function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
  record(name, await runStep(command, args, env, (stream, chunk) => stream.write(chunk)));
}

/**
 * Runs a step beside the ones that follow until it is awaited; its output is held and printed
 * when it ends, so the two do not interleave.
 */
function stepAside(name, command, args, env = {}) {
  const ended = runStep(command, args, env);
  return async () => {
    const result = await ended;
    console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
    process.stdout.write(result.output);
    record(name, result);
  };
}

const lint = stepAside('Lint (and its architecture rules)', 'pnpm', ['lint']);
await step('Type-check', 'pnpm', ['-r', 'typecheck']);
await lint();
// While jest runs, at low priority: the skew step's previous release, installed and built, and
// this release's apps and backend, built for the browser steps; each then finds its build made.
const previousRelease = stepAside('The previous release, installed and built for the skew test', 'node', ['scripts/skew/prepare.mjs']);
const thisRelease = stepAside("This release's apps and backend, built for the browser steps", 'node', [
  'scripts/build-stale.mjs',
  '--low-priority',
]);
// The backend's suites beside the other packages' (scripts/jest-all.mjs).
await step('Unit and integration tests (jest)', 'node', ['scripts/jest-all.mjs']);
await previousRelease();
await thisRelease();
let browsers = null;
try {
  browsers = ensureBrowsers();
} catch (error) {
  console.error(`\n${error.message}`);
  record('Browser tests (Playwright + Chromium)', { ok: false, seconds: 0, busy: null, output: '' });
}
// Steps that leave a core partly idle run beside another. None builds what a stack beside it
// serves: faults runs the backend's build as it is; the Firebase suite builds two remotes again
// to compare them (to the same bytes), so only the dates' backend suites, which serve no page,
// run beside it; they go on beside the dates' journeys, which start once it is done.
const faults = stepAside('Fault suite (the backend killed, stopped and cut off as a process)', 'pnpm', ['test:faults']);
if (browsers) await step('Browser tests (Playwright + Chromium)', 'pnpm', ['--filter', 'e2e', 'test'], browsers);
await faults();
if (browsers) {
  const datesJest = stepAside('Calendar dates: the backend suites at each day easiest to get wrong', 'pnpm', ['test:dates'], {
    DATES_PART: 'jest',
  });
  // The staff map with Google's map under it: a stack of its own (MAP_TILES=google, a made-up key, a geocoder stand-in).
  const map = stepAside("Staff map on Google's map (a made-up key; Google answered in the browser)", 'pnpm', ['test:map-tiles'], browsers);
  // The previous release (releases/previous.json) against this one, both ways: docs/releases.md.
  await step("Skew test (the previous release's remotes with this host and API, and the reverse)", 'pnpm', ['test:skew'], browsers);
  await map();
  // Needs TEST_DATABASE_URL (CI sets it); without one it says it skipped and why.
  await step('Firebase suite (Hosting, Functions and Auth emulators)', 'pnpm', ['test:firebase'], browsers);
  await step('Calendar dates: the journeys at each day easiest to get wrong', 'pnpm', ['test:dates'], {
    ...browsers,
    DATES_PART: 'journeys',
  });
  await datesJest();
}

console.log('\n━━ Summary ━━');
// The cores' busy share is the whole machine's, steps run beside each other included.
for (const { name, ok, seconds, busy, failures } of results) {
  const cores = busy === null ? '' : `, cores ${Math.round(busy * 100)}% busy`;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s${cores})`);
  for (const line of failures) console.log(`      ${line.trim()}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
