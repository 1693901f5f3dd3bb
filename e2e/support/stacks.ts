import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The browser suite drives E2E_STACKS stacks at once (default 2), one per Playwright worker:
 * each the `pnpm start` a new user runs, on its own ports, Auth emulator and data folder. Tests
 * on one stack run one at a time, as they share its database and outbox.
 */
export const STACK_COUNT = Math.max(1, Number(process.env.E2E_STACKS ?? 2));

const firstPort = Number(process.env.E2E_PORT ?? 18080);
const firstAuthEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 19199);
// Made once by the main process; the workers inherit it.
process.env.E2E_DATA_ROOT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-e2e-'));
const dataRoot = process.env.E2E_DATA_ROOT;

export interface Stack {
  port: number;
  authEmulatorPort: number;
  dataDir: string;
  baseURL: string;
}

export function stack(index: number): Stack {
  const port = firstPort + index;
  return {
    port,
    authEmulatorPort: firstAuthEmulatorPort + index,
    dataDir: path.join(dataRoot, `stack-${index}`),
    baseURL: `http://127.0.0.1:${port}`,
  };
}

/** The stack this worker drives (Playwright numbers its parallel workers from 0); the first outside a worker. */
export const ownStack = stack(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % STACK_COUNT);
