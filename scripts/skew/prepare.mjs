#!/usr/bin/env node
// Checks out, installs and builds the previous release that `pnpm test:skew` runs against, which
// then finds it built. `pnpm test` runs this beside its jest step: the install mostly waits on the
// disk and the package store, and the build runs at low priority so that jest keeps its cores.
import os from 'node:os';
import { preparePreviousRelease } from './previous-release.mjs';

os.setPriority(15);
preparePreviousRelease();
