// Runs the child processes of `pnpm start` / `pnpm dev` in their own process groups and
// stops all of them together, on Ctrl-C or when any one of them dies.
import { spawn } from 'node:child_process';

const children = new Set();
let stopping = false;

export function run(label, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`\n${label} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping everything.`);
      void stopAll(1);
    }
  });
  return child;
}

const cleanups = [];
export function onStop(cleanup) {
  cleanups.push(cleanup);
}

export async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          resolve();
        }
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
          resolve();
        }, 8000).unref();
      }),
  );
  await Promise.all([...exits, ...cleanups.map((cleanup) => cleanup().catch(() => undefined))]);
  process.exit(exitCode);
}

export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));
}
