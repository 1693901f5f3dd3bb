#!/usr/bin/env node
// `pnpm test:skew`: this release against the previous one (releases/previous.json), as two
// teams shipping a release apart would run them. First what the sources and builds say would
// break (compatibility.mjs), then in Chromium each remote's journeys (e2e/skew) on two stacks
// at once: the previous release's remotes with this host and API, and this release's remotes
// with the previous host and API. Each journey passes or ends in a designed message.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildStale, repoRoot, REMOTES } from '../lib/builds.mjs';
import { ensureBrowsers } from '../lib/chromium.mjs';
import { compatibility } from './compatibility.mjs';
import { preparePreviousRelease } from './previous-release.mjs';

const require = createRequire(import.meta.url);
const { freePorts } = require('../lib/auth-emulator.cjs');

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

const { commit, dir: previous } = preparePreviousRelease();
buildStale();

console.log(`\nWhat would break between this release and the previous one (${commit.slice(0, 12)}):`);
const { problems, accepted, notes } = compatibility({ previousDir: previous, commit });
for (const problem of problems) console.log(`  BREAKS ${problem.module}: ${problem.text}`);
for (const problem of accepted) console.log(`  accepted (releases/accepted-breaks.json) ${problem.module}: ${problem.text}`);
for (const note of notes) console.log(`  note: ${note}`);
if (problems.length === 0) console.log('  nothing');

/** A folder the server serves as STATIC_ROOT: the host of one release, the remotes of the other. */
function mixedStaticRoot(hostFrom, remotesFrom) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-skew-static-'));
  fs.symlinkSync(path.join(hostFrom, 'host'), path.join(root, 'host'));
  for (const name of Object.keys(REMOTES)) fs.symlinkSync(path.join(remotesFrom, `${name}-remote`), path.join(root, `${name}-remote`));
  return root;
}

const portBase = process.env.SKEW_PORT_BASE ? Number(process.env.SKEW_PORT_BASE) : null;
// Four different ports: the two stacks' servers and Auth emulators.
const ports = portBase ? [0, 1, 2, 3].map((i) => portBase + i) : await freePorts(4);
const port = (i) => ports[i];
const mixes = [
  { name: "the previous release's remotes, this host and API", backend: repoRoot, host: repoRoot, remotes: previous },
  { name: "this release's remotes, the previous host and API", backend: previous, host: previous, remotes: repoRoot },
];
const stacks = [];
for (const [i, mix] of mixes.entries()) {
  stacks.push({
    name: mix.name,
    startScript: path.join(mix.backend, 'scripts', 'start.mjs'),
    staticRoot: mixedStaticRoot(mix.host, mix.remotes),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-skew-data-')),
    port: port(i * 2),
    authEmulatorPort: port(i * 2 + 1),
  });
}

console.log(`\nEach remote's journeys in Chromium, on ${stacks.map((stack) => `${stack.name} (port ${stack.port})`).join(' and ')}:`);
// Arguments go to Playwright: `pnpm test:skew skew/staff.spec.ts` runs one remote's journeys.
const browsers = spawnSync(
  'pnpm',
  ['--filter', 'e2e', 'exec', 'playwright', 'test', '--config', 'skew.config.ts', ...process.argv.slice(2)],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, SKEW_STACKS: JSON.stringify(stacks), ...ensureBrowsers() },
  },
);
for (const stack of stacks) for (const dir of [stack.staticRoot, stack.dataDir]) fs.rmSync(dir, { recursive: true, force: true });

const failed = [...(problems.length > 0 ? ['what would break (above)'] : []), ...(browsers.status !== 0 ? ['the journeys'] : [])];
console.log(
  `\nSkew test against ${commit.slice(0, 12)}: ${failed.length === 0 ? 'passed' : `failed: ${failed.join(', ')}`} (${seconds()} s)`,
);
process.exit(failed.length === 0 ? 0 : 1);
