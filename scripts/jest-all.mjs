#!/usr/bin/env node
// Every package's jest suite (`pnpm test:unit`, and the jest step of `pnpm test`): the backend's
// beside the other packages'. A backend test worker spends about half its time waiting (on the
// PostgreSQL server, the Auth emulator, its servers' timers), so the other packages' suites, one
// file at a time, run in that time instead of after the backend's. Their output is held and
// printed when they end, so the two do not interleave. Every package runs even when one fails
// (--no-bail); exits non-zero if any failed.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib/builds.mjs';

/** Runs pnpm with these arguments; resolves with its exit status and, when held, its output. */
function pnpm(args, { hold }) {
  const child = spawn('pnpm', args, {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
  });
  const output = [];
  if (hold) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output: Buffer.concat(output) })));
}

const backend = pnpm(['--filter', 'functions', 'test'], { hold: false });
const others = pnpm(
  ['-r', '--no-bail', '--workspace-concurrency=1', '--filter', '!e2e', '--filter', '!functions', 'test', '--maxWorkers=1'],
  {
    hold: true,
  },
);
const [backendRun, othersRun] = await Promise.all([backend, others]);
console.log('\n━━ The other packages’ jest suites (run beside the backend’s) ━━');
process.stdout.write(othersRun.output);
process.exit(backendRun.status === 0 && othersRun.status === 0 ? 0 : 1);
