#!/usr/bin/env node
// Builds the apps and the backend whose sources changed since their last build: what `pnpm
// start` does first, run once by the browser suite before it starts its stacks together.
import { buildStale } from './lib/builds.mjs';

buildStale();
