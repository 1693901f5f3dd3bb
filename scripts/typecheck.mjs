#!/usr/bin/env node
// Each package's `typecheck` (node ../scripts/typecheck.mjs <tsconfig> …): TypeScript 7, the
// native port of the same checker, which takes about a third of 6's CPU. The tools that need
// TypeScript's JS API (typescript-eslint, the API check, editors) stay on 6, the catalog's
// `typescript`; both are pinned, and move together.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');

for (const config of process.argv.slice(2)) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', config], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
