#!/usr/bin/env node
// `pnpm test`: type-check, lint, every package's jest suite, the fault suite, the browser suite
// (Playwright driving Chromium against the `pnpm start` stack), the skew test against the
// previous release (`pnpm test:skew`), the date-sensitive suites at chosen days
// (`pnpm test:dates`), then the product on the Firebase emulators (`pnpm test:firebase`). Runs
// every step, then reports each, with the lines that name what failed (lib/failure-lines.mjs),
// and exits non-zero if any failed.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib/builds.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { failureLines } from './lib/failure-lines.mjs';

const results = [];

/** Runs a step to its end, its output shown as it comes and kept for the summary's failure lines. */
async function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => {
    output.push(chunk);
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output.push(chunk);
    process.stderr.write(chunk);
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  record(name, status === 0, started, output);
}

function record(name, ok, started, output) {
  results.push({
    name,
    ok,
    seconds: Math.round((Date.now() - started) / 1000),
    failures: ok ? [] : failureLines(Buffer.concat(output).toString()),
  });
}

/**
 * Runs a step beside the ones that follow until it is awaited; its output is held and printed
 * when it ends, so the two do not interleave.
 */
function stepAside(name, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const ended = new Promise((resolve) => child.on('close', resolve));
  return async () => {
    const status = await ended;
    console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(output));
    record(name, status === 0, started, output);
  };
}

const lint = stepAside('Lint (and its architecture rules)', 'pnpm', ['lint']);
await step('Type-check', 'pnpm', ['-r', 'typecheck']);
await lint();
// The skew step's previous release, installed and built while jest runs; that step then finds it built.
const previousRelease = stepAside('The previous release, installed and built for the skew test', 'node', ['scripts/skew/prepare.mjs']);
// The backend's suites beside the other packages' (scripts/jest-all.mjs).
await step('Unit and integration tests (jest)', 'node', ['scripts/jest-all.mjs']);
await previousRelease();
await step('Fault suite (the backend killed, stopped and cut off as a process)', 'pnpm', ['test:faults']);

let chromium = null;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(`\n${error.message}`);
  results.push({ name: 'Browser tests (Playwright + Chromium)', ok: false, seconds: 0, failures: [] });
}
if (chromium) {
  await step('Browser tests (Playwright + Chromium)', 'pnpm', ['--filter', 'e2e', 'test'], { CHROMIUM_PATH: chromium });
  // The staff map with Google's map under it: a stack of its own (MAP_TILES=google, a made-up key, a geocoder stand-in).
  await step("Staff map on Google's map (a made-up key; Google answered in the browser)", 'pnpm', ['test:map-tiles'], {
    CHROMIUM_PATH: chromium,
  });
  // The previous release (releases/previous.json) against this one, both ways: docs/releases.md.
  await step("Skew test (the previous release's remotes with this host and API, and the reverse)", 'pnpm', ['test:skew'], {
    CHROMIUM_PATH: chromium,
  });
  await step('Calendar dates (the date-sensitive suites at the days easiest to get wrong)', 'pnpm', ['test:dates'], {
    CHROMIUM_PATH: chromium,
  });
  // Needs TEST_DATABASE_URL (CI sets it); without one it says it skipped and why.
  await step('Firebase suite (Hosting, Functions and Auth emulators)', 'pnpm', ['test:firebase'], { CHROMIUM_PATH: chromium });
}

console.log('\n━━ Summary ━━');
for (const { name, ok, seconds, failures } of results) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
  for (const line of failures) console.log(`      ${line.trim()}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
