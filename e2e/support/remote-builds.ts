import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Builds the admin remote as its team would with a change, into a folder of its own (the
 * stack's own build stays as it is). `env` is the build's --env (scripts/webpack/remote-config.cjs).
 */
export function buildAdminRemote(purpose: string, env: string, buildId?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `blooms-admin-${purpose}-`));
  execFileSync('pnpm', ['--filter', './admin-remote', 'exec', 'webpack', '--mode', 'production', '--env', env, '--output-path', dir], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: buildId ? { ...process.env, BLOOMS_BUILD_ID: buildId } : process.env,
  });
  return dir;
}
