// What would break between this release and the previous one, read from their sources and
// builds before any browser runs: each problem names the remote, the route or the module.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot, REMOTES } from '../lib/builds.mjs';

const require = createRequire(import.meta.url);
const REMOTE_NAMES = Object.keys(REMOTES);
const TSX = path.join(repoRoot, 'functions', 'node_modules', '.bin', 'tsx');

/** A version satisfies a requirement of the form `^x.y.z` (what every app's build writes) or an exact one. */
export function satisfies(version, required) {
  const parse = (text) => text.split('.').map(Number);
  if (!required.startsWith('^')) return version === required;
  const [major, minor, patch] = parse(version);
  const [rMajor, rMinor, rPatch] = parse(required.slice(1));
  if (major !== rMajor || (rMajor === 0 && minor !== rMinor)) return false;
  return minor > rMinor || (minor === rMinor && patch >= rPatch);
}

/** The route tables of a tree's contract (shared/src/contract/routes.ts), read through tsx. */
function routeTables(dir) {
  const file = path.join(dir, 'shared', 'src', 'contract', 'routes.ts');
  const script = `import(${JSON.stringify(file)}).then((m) => { const c = m.default ?? m; console.log(JSON.stringify({ static: c.REMOTE_ROUTES ?? null, legacy: c.LEGACY_REMOTE_ROUTES ?? null })); })`;
  return JSON.parse(execFileSync(TSX, ['-e', script], { encoding: 'utf8' }));
}

/** A remote's declaration in a tree: its screens (with routes), or, from before, only the names it exposes. */
function declarationOf(dir, remote) {
  const file = path.join(dir, `${remote}-remote`, 'exposes.cjs');
  const declared = require(file);
  delete require.cache[require.resolve(file)];
  if (declared.screens) return { exposes: declared.screens.map((screen) => screen.module), routes: true };
  return { exposes: Object.keys(declared.exposes).map((name) => name.replace(/^\.\//, '')), routes: false };
}

const manifestOf = (dir, app) =>
  JSON.parse(fs.readFileSync(path.join(dir, app === 'host' ? 'host' : `${app}-remote`, 'dist', 'mf-manifest.json'), 'utf8'));

/** What a host provides, by module: the version its own manifest shares. */
const provided = (hostManifest) => Object.fromEntries(hostManifest.shared.map((shared) => [shared.name, shared.version]));

function sharedProblems(remotesDir, hostDir, remotesAre, hostIs) {
  const host = provided(manifestOf(hostDir, 'host'));
  const problems = [];
  for (const remote of REMOTE_NAMES) {
    for (const { name, requiredVersion } of manifestOf(remotesDir, remote).shared) {
      if (!requiredVersion || !host[name] || satisfies(host[name], requiredVersion)) continue;
      problems.push({
        module: name,
        text: `The ${remote} remote of ${remotesAre} needs ${name} ${requiredVersion}; the host of ${hostIs} provides ${host[name]}: it would be refused (its pages say they are being updated).`,
      });
    }
  }
  return problems;
}

/** Whether a file of the repository differs from the commit's. */
function changedSince(commit, file) {
  try {
    execFileSync('git', ['diff', '--quiet', commit, '--', file], { cwd: repoRoot });
    return false;
  } catch {
    return true;
  }
}

/** The shared runtime changed since the previous release and its version did not move with it. */
function runtimeVersionProblems(currentDir, previousDir, changed) {
  // The runtime's modules as this host shares them.
  const files = manifestOf(currentDir, 'host')
    .shared.map((shared) => shared.name)
    .filter((name) => name.startsWith('@blooms/shared/'))
    .map((name) => `shared/src/${name.replace('@blooms/shared/', '')}.ts`)
    .filter(changed);
  const version = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'shared', 'package.json'), 'utf8')).version;
  if (files.length === 0 || version(currentDir) !== version(previousDir)) return [];
  return files.map((file) => ({
    module: `@blooms/shared/${file.replace('shared/src/', '').replace(/\.ts$/, '')}`,
    text: `${file} changed since the previous release, but @blooms/shared is still ${version(currentDir)}: move its version in shared/package.json (patch, minor or major: docs/releases.md).`,
  }));
}

/** The modules releases/accepted-breaks.json names: breaks made on purpose, each shipped as docs/releases.md says. */
export function acceptedBreaks(dir = repoRoot) {
  const file = path.join(dir, 'releases', 'accepted-breaks.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).map((entry) => entry.module) : [];
}

/**
 * Every problem between this release (currentDir, built) and the previous one (checked out and
 * built in previousDir), as { module, text }; those whose module is accepted apart.
 *
 * @param changed whether a file of this release changed since the previous one (git, unless given)
 */
export function compatibility({
  previousDir,
  commit,
  currentDir = repoRoot,
  changed = (file) => changedSince(commit, file),
  accepted = acceptedBreaks(currentDir),
}) {
  const short = commit.slice(0, 12);
  const problems = [];
  const here = routeTables(currentDir);
  const before = routeTables(previousDir);
  for (const remote of REMOTE_NAMES) {
    const now = declarationOf(currentDir, remote);
    const then = declarationOf(previousDir, remote);
    // The previous host routes by its own table: every module it names must still be exposed.
    for (const route of (before.static ?? []).filter((candidate) => candidate.remote === remote && !now.exposes.includes(candidate.module)))
      problems.push({
        module: `${remote}/${route.module}`,
        text: `The host of the previous release (${short}) routes ${route.path} to ${remote}/${route.module}, which the ${remote} remote no longer exposes: keep exposing it for one more release.`,
      });
    // This host keeps its routes from before for a remote that declares none.
    if (!then.routes)
      for (const route of (here.legacy ?? []).filter(
        (candidate) => candidate.remote === remote && !then.exposes.includes(candidate.module),
      ))
        problems.push({
          module: `${remote}/${route.module}`,
          text: `This host routes ${route.path} to ${remote}/${route.module} for the ${remote} remote of the previous release (${short}), which does not expose it (LEGACY_REMOTE_ROUTES in shared/src/contract/routes.ts).`,
        });
  }
  problems.push(
    ...sharedProblems(previousDir, currentDir, `the previous release (${short})`, 'this release'),
    ...sharedProblems(currentDir, previousDir, 'this release', `the previous release (${short})`),
    ...runtimeVersionProblems(currentDir, previousDir, changed),
  );
  const legacyUnused = here.legacy !== null && REMOTE_NAMES.every((remote) => declarationOf(previousDir, remote).routes);
  return {
    problems: problems.filter((problem) => !accepted.includes(problem.module)),
    accepted: problems.filter((problem) => accepted.includes(problem.module)),
    notes: legacyUnused
      ? ['Every remote of the previous release declares its routes: LEGACY_REMOTE_ROUTES (shared/src/contract/routes.ts) can be removed.']
      : [],
  };
}
