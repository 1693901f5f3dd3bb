// Decides which apps need a (re)build: no dist yet, or sources newer than the last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The one list of remotes (name -> dev server port), shared with the apps and the server. */
export const REMOTES = createRequire(import.meta.url)('../../shared/src/contract/remotes.json');
export const APPS = ['host', ...Object.keys(REMOTES).map((name) => `${name}-remote`)];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The marker a finished build leaves: the host's page or a remote's manifest. */
export function buildMarker(app) {
  return path.join(repoRoot, app, 'dist', app === 'host' ? 'index.html' : 'mf-manifest.json');
}

export function appsNeedingBuild() {
  const sharedMtime = Math.max(newestMtime(path.join(repoRoot, 'shared', 'src')), newestMtime(path.join(repoRoot, 'scripts', 'webpack')));
  return APPS.filter((app) => {
    const marker = buildMarker(app);
    if (!fs.existsSync(marker)) return true;
    const built = fs.statSync(marker).mtimeMs;
    const sources = Math.max(newestMtime(path.join(repoRoot, app, 'src')), newestMtime(path.join(repoRoot, app, 'public')), sharedMtime);
    return sources > built;
  });
}

/** The compiled backend (functions/build.mjs) is missing or older than its sources or the shared package's. */
export function backendNeedsBuild() {
  const marker = path.join(repoRoot, 'functions', 'dist', 'main.js');
  if (!fs.existsSync(marker)) return true;
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'functions', 'src')),
    newestMtime(path.join(repoRoot, 'functions', 'build.mjs')),
    newestMtime(path.join(repoRoot, 'shared', 'src')),
  );
  return sources > fs.statSync(marker).mtimeMs;
}

/** Runs a build, its output shown; a failed one ends the process, as nothing can run without it. */
function buildOrExit(what, command, args, cwd) {
  console.log(`${what} (first run or changed sources)…`);
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (status === 0) return;
  console.error(`${what} failed: ${command} ${args.join(' ')} exited with ${status}.`);
  process.exit(1);
}

/** Builds the apps and the backend whose sources changed since their last build, or that were never built. */
export function buildStale() {
  const stale = appsNeedingBuild();
  if (stale.length > 0)
    buildOrExit(`Building ${stale.join(', ')}`, 'pnpm', ['-r', ...stale.flatMap((app) => ['--filter', `./${app}`]), 'build'], repoRoot);
  if (backendNeedsBuild()) buildOrExit('Compiling the backend', 'node', ['build.mjs'], path.join(repoRoot, 'functions'));
}
