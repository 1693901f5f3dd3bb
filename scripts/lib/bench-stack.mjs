// The stack a browser benchmark measures: `pnpm start` on free ports and a fresh data directory
// (stopped when the process exits), or the site already running at a given origin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { repoRoot } from './builds.mjs';

const require = createRequire(import.meta.url);
const { freePort, waitForHttp } = require('./auth-emulator.cjs');

/**
 * Starts the stack unless givenOrigin is set, waits until it answers, and returns its origin,
 * its Auth emulator's host (null for a given origin) and a function that stops it.
 * `port` and `emulatorPort` pick its ports (default: any free ones); `beforeStart(dataDir)`
 * runs on its fresh data directory before it starts.
 */
export async function startBenchStack({ givenOrigin, port, emulatorPort, beforeStart } = {}) {
  if (givenOrigin) {
    await waitForHttp(`${givenOrigin}/api/health`, 300_000);
    return { origin: givenOrigin, emulatorHost: null, stop: () => undefined };
  }
  const stackPort = port ?? (await freePort());
  const authPort = emulatorPort ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-bench-'));
  await beforeStart?.(dataDir);
  const stack = spawn('node', ['scripts/start.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: { ...process.env, PORT: String(stackPort), AUTH_EMULATOR_PORT: String(authPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-stack.pid, 'SIGTERM');
    } catch {
      // already stopped
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const origin = `http://127.0.0.1:${stackPort}`;
  await waitForHttp(`${origin}/api/health`, 300_000);
  return { origin, emulatorHost: `127.0.0.1:${authPort}`, dataDir, stop };
}
