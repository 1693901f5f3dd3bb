#!/usr/bin/env node
// Builds the apps and the backend whose sources changed since their last build: what `pnpm
// start` does first, run once by the browser suite before it starts its stacks together.
// `--low-priority`: as `pnpm test` runs it, beside its jest step, which keeps its cores.
import os from 'node:os';
import { buildStale } from './lib/builds.mjs';

if (process.argv.includes('--low-priority')) os.setPriority(15);
buildStale();
