// The previous release, checked out beside this one and built: its commit is recorded in the
// repository (releases/previous.json), since tags may not travel with a clone. Kept in the
// temporary folder by commit, so a second run reuses the build.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/builds.mjs';

export function previousCommit() {
  const { commit } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'releases', 'previous.json'), 'utf8'));
  if (!/^[0-9a-f]{40}$/.test(commit ?? '')) throw new Error(`releases/previous.json: "commit" must be a full commit hash, got ${commit}`);
  return commit;
}

const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function run(what, command, args, cwd) {
  const started = Date.now();
  const { status, stdout, stderr } = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  if (status !== 0) throw new Error(`${what} failed (${command} ${args.join(' ')}):\n${(stdout + stderr).slice(-3000)}`);
  return Math.round((Date.now() - started) / 1000);
}

/**
 * Checks the previous release out (git worktree), installs it from the package store and
 * builds its apps and its backend, unless a run before has. Returns its folder.
 */
export function preparePreviousRelease(log = console.log) {
  const commit = previousCommit();
  const dir = path.join(os.tmpdir(), `blooms-previous-release-${commit.slice(0, 12)}`);
  const prepared = path.join(dir, '.blooms-prepared');
  if (fs.existsSync(prepared)) {
    log(`The previous release (${commit.slice(0, 12)}) is built in ${dir}`);
    return { commit, dir };
  }
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
  } catch {
    throw new Error(
      `The previous release's commit ${commit} (releases/previous.json) is not in this clone: fetch it (git fetch origin ${commit}).`,
    );
  }
  if (fs.existsSync(dir)) {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot });
    fs.rmSync(dir, { recursive: true, force: true });
  }
  spawnSync('git', ['worktree', 'prune'], { cwd: repoRoot });
  git('worktree', 'add', '--detach', dir, commit);
  const seconds = { install: 0, build: 0 };
  try {
    seconds.install = run('Installing the previous release', 'pnpm', ['install', '--frozen-lockfile', '--offline'], dir);
  } catch {
    // A package the store does not have yet: fetched from the registry this once.
    seconds.install = run('Installing the previous release', 'pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir);
  }
  seconds.build = run('Building the previous release', 'pnpm', ['build'], dir);
  seconds.build += run("Building the previous release's backend", 'node', ['build.mjs'], path.join(dir, 'functions'));
  fs.writeFileSync(prepared, `${commit}\n`);
  log(
    `The previous release (${commit.slice(0, 12)}) checked out in ${dir}: installed in ${seconds.install} s, built in ${seconds.build} s`,
  );
  return { commit, dir };
}
