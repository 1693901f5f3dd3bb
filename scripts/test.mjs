#!/usr/bin/env node
// `pnpm test`: type-check, lint, every package's jest suite, the fault suite, the browser suite
// (Playwright driving Chromium against the `pnpm start` stack), then the product on the Firebase
// emulators (`pnpm test:firebase`). Runs every step, then
// reports each and exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { repoRoot } from './lib/builds.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const results = [];

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

step('Type-check', 'pnpm', ['-r', 'typecheck']);
step('Lint (and its architecture rules)', 'pnpm', ['lint']);
step('Unit and integration tests (jest)', 'pnpm', ['-r', '--workspace-concurrency=1', '--filter', '!e2e', 'test']);
step('Fault suite (the backend killed, stopped and cut off as a process)', 'pnpm', ['test:faults']);

let chromium = null;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(`\n${error.message}`);
  results.push({ name: 'Browser tests (Playwright + Chromium)', ok: false, seconds: 0 });
}
if (chromium) {
  step('Browser tests (Playwright + Chromium)', 'pnpm', ['--filter', 'e2e', 'test'], { CHROMIUM_PATH: chromium });
  // Needs TEST_DATABASE_URL (CI sets it); without one it says it skipped and why.
  step('Firebase suite (Hosting, Functions and Auth emulators)', 'pnpm', ['test:firebase'], { CHROMIUM_PATH: chromium });
}

console.log('\n━━ Summary ━━');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
