// `pnpm release`: ship, pin and roll back one remote alone, on Firebase Hosting or on the
// self-hosted server, and say which versions are live together (docs/releases.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, remotePackage, type RemoteName } from '@blooms/shared/contract/remotes';
import {
  LIVE_FILE,
  MANIFEST_VERSION_KEY,
  pinnedVersion,
  RELEASE_LOG_FILE,
  VERSION_PATTERN,
  VERSIONS_DIR,
  versionFolder,
} from '@blooms/shared/contract/releases';
import { releasesDirOf, REPO_ROOT } from '../src/config';
import { DEPLOY_DIR, hostingDir } from './firebase-json';
import { LEFT_OUT } from './stage-hosting';

/** One ship, pin or rollback, with every remote's version live after it (null: its latest build, unpinned). */
export interface ReleaseRecord {
  at: string;
  action: 'ship' | 'pin' | 'rollback';
  remote: RemoteName;
  version: string | null;
  previous: string | null;
  live: Record<RemoteName, string | null>;
}

/**
 * Where the remotes' releases are kept: one folder per remote, laid out as its site serves
 * them (shared/src/contract/releases.ts). On Firebase, the remotes' Hosting folders (what
 * `firebase deploy --only hosting:<remote>` uploads); self-hosted, the server's RELEASES_DIR.
 */
export interface ReleaseStore {
  /** The folder of a remote's site. */
  siteOf: (remote: RemoteName) => string;
  /** Which of a build's files a version keeps: never source maps; precompressed copies where the server sends them. */
  keeps: (file: string) => boolean;
  /** What to do after a change for it to reach visitors. */
  nextStep: (remote: RemoteName) => string | null;
}

export function firebaseStore(): ReleaseStore {
  return {
    siteOf: (remote) => path.join(REPO_ROOT, hostingDir(remote)),
    keeps: (file) => !LEFT_OUT.test(file),
    nextStep: (remote) =>
      `Upload it: pnpm exec firebase deploy --only hosting:${remote} (on the emulators, \`pnpm firebase:emulate\` serves it at once).`,
  };
}

export function selfHostedStore(dir: string): ReleaseStore {
  return {
    siteOf: (remote) => path.join(dir, remote),
    keeps: (file) => !file.endsWith('.map'),
    nextStep: () => null,
  };
}

const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

export function liveVersion(store: ReleaseStore, remote: RemoteName): string | null {
  return pinnedVersion(readText(path.join(store.siteOf(remote), LIVE_FILE)));
}

export function releaseLog(store: ReleaseStore, remote: RemoteName): ReleaseRecord[] {
  return JSON.parse(readText(path.join(store.siteOf(remote), RELEASE_LOG_FILE)) ?? '[]') as ReleaseRecord[];
}

/** The versions kept on a remote's site, in the order they were first shipped (any copied there by hand first). */
export function keptVersions(store: ReleaseStore, remote: RemoteName): string[] {
  const dir = path.join(store.siteOf(remote), VERSIONS_DIR);
  const onDisk = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((version) => fs.existsSync(path.join(dir, version, 'mf-manifest.json')))
    : [];
  const shipped = releaseLog(store, remote).flatMap((record) => (record.action === 'ship' && record.version ? [record.version] : []));
  return [...new Set([...onDisk.filter((version) => !shipped.includes(version)).sort(), ...shipped])].filter((version) =>
    onDisk.includes(version),
  );
}

/** Makes a version live (null: the latest build, unpinned) and records it with what is live beside it. */
function setLive(store: ReleaseStore, remote: RemoteName, version: string | null, action: ReleaseRecord['action']): ReleaseRecord {
  const site = store.siteOf(remote);
  const previous = liveVersion(store, remote);
  fs.mkdirSync(site, { recursive: true });
  const liveFile = path.join(site, LIVE_FILE);
  if (version === null) fs.rmSync(liveFile, { force: true });
  else fs.writeFileSync(liveFile, `${JSON.stringify({ version })}\n`);
  const live = Object.fromEntries(REMOTE_NAMES.map((name) => [name, liveVersion(store, name)])) as ReleaseRecord['live'];
  const record: ReleaseRecord = { at: new Date().toISOString(), action, remote, version, previous, live };
  const log = [...releaseLog(store, remote), record].slice(-200);
  fs.writeFileSync(path.join(site, RELEASE_LOG_FILE), `${JSON.stringify(log, null, 2)}\n`);
  return record;
}

/** The version a remote's build folder holds (the build id its manifest carries). */
export function versionOfBuild(remote: RemoteName, buildDir: string): string {
  const text = readText(path.join(buildDir, 'mf-manifest.json'));
  if (text === null) throw new Error(`${buildDir} holds no build of a remote (no mf-manifest.json).`);
  const manifest = JSON.parse(text) as { name?: string; metaData?: Record<string, unknown> };
  if (manifest.name !== remote) throw new Error(`${buildDir} is a build of ${manifest.name}, not of ${remote}.`);
  const version = manifest.metaData?.[MANIFEST_VERSION_KEY];
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version))
    throw new Error(`${buildDir}/mf-manifest.json names no version: rebuild it with this repository's build.`);
  return version;
}

/** Keeps a build as a version of the remote's site and makes it live. */
export function ship(store: ReleaseStore, remote: RemoteName, buildDir: string): ReleaseRecord {
  const version = versionOfBuild(remote, buildDir);
  const target = path.join(store.siteOf(remote), versionFolder(version));
  // The same version is the same source, built to the same bytes: kept once.
  if (!fs.existsSync(path.join(target, 'mf-manifest.json'))) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(buildDir, target, { recursive: true, filter: (source) => fs.statSync(source).isDirectory() || store.keeps(source) });
  }
  return setLive(store, remote, version, 'ship');
}

export function pin(store: ReleaseStore, remote: RemoteName, version: string): ReleaseRecord {
  const kept = keptVersions(store, remote);
  if (!kept.includes(version))
    throw new Error(`${remote} has no version ${version} on its site. Kept: ${kept.join(', ') || 'none (ship one first)'}.`);
  return setLive(store, remote, version, 'pin');
}

/** Makes the version live again that was live before the current one (its latest build if none was pinned then). */
export function rollback(store: ReleaseStore, remote: RemoteName): ReleaseRecord {
  const last = releaseLog(store, remote).at(-1);
  if (!last) throw new Error(`${remote} has no release recorded on its site: nothing to roll back to.`);
  return setLive(store, remote, last.previous, 'rollback');
}

const describe = (version: string | null) => version ?? 'its latest build (unpinned)';

function printLive(record: ReleaseRecord) {
  console.log(`${record.remote}: ${record.action} -> ${describe(record.version)} (was ${describe(record.previous)})`);
  console.log('Live together now:');
  for (const name of REMOTE_NAMES) console.log(`  ${name.padEnd(10)} ${describe(record.live[name])}`);
}

async function printStatus(store: ReleaseStore, site: string | null) {
  for (const remote of REMOTE_NAMES) {
    const kept = keptVersions(store, remote);
    const last = releaseLog(store, remote).at(-1);
    console.log(`${remote.padEnd(10)} live: ${describe(liveVersion(store, remote))}${last ? ` (${last.action} ${last.at})` : ''}`);
    if (kept.length > 0) console.log(`${''.padEnd(10)} kept: ${kept.join(', ')}`);
  }
  if (site) {
    const config = (await (await fetch(new URL('/app-config.json', site))).json()) as { versions?: Record<string, string | null> };
    console.log(`\nWhat ${site} sends browsers now (app-config.json):`);
    for (const remote of REMOTE_NAMES) console.log(`  ${remote.padEnd(10)} ${describe(config.versions?.[remote] ?? null)}`);
  }
}

const USAGE = `Usage: pnpm release <command> [options]
  ship <remote>               build the remote, keep the build as a version and make it live
  pin <remote> <version>      make a kept version live
  rollback <remote>           make the version live again that was live before the current one
  status                      which versions are live together, and which are kept
Options:
  --firebase                  the remotes' Hosting folders (${DEPLOY_DIR}/hosting), uploaded by firebase deploy
  --releases <dir>            the self-hosted server's releases folder (default: RELEASES_DIR, or DATA_DIR/releases)
  --from <dir>                ship this build folder instead of building the remote
  --site <url>                with status: also ask the running site what it sends browsers
Remotes: ${REMOTE_NAMES.join(', ')}. From a remote's folder, \`pnpm release <command>\` needs no remote.`;

function parseArgs(args: string[]) {
  const options: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (arg === '--firebase') options.firebase = true;
    else options[arg.slice(2)] = args[(i += 1)] ?? '';
  }
  return { options, positional };
}

async function main(args: string[]): Promise<number> {
  const { options, positional } = parseArgs(args);
  const [command, ...rest] = positional;
  const fromCaller = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const remoteArg = typeof options.remote === 'string' ? options.remote : rest.shift();
  const store = options.firebase
    ? firebaseStore()
    : selfHostedStore(typeof options.releases === 'string' ? fromCaller(options.releases) : releasesDirOf(process.env));
  if (command === 'status') {
    await printStatus(store, typeof options.site === 'string' ? options.site : null);
    return 0;
  }
  if (!command || !['ship', 'pin', 'rollback'].includes(command) || !remoteArg) {
    console.error(USAGE);
    return 2;
  }
  if (!(REMOTE_NAMES as string[]).includes(remoteArg)) {
    console.error(`Unknown remote ${remoteArg}; the remotes are ${REMOTE_NAMES.join(', ')}.`);
    return 2;
  }
  const remote = remoteArg as RemoteName;
  let record: ReleaseRecord;
  if (command === 'ship') {
    let buildDir = typeof options.from === 'string' ? fromCaller(options.from) : null;
    if (!buildDir) {
      const { status } = spawnSync('pnpm', ['--filter', `./${remotePackage(remote)}`, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
      if (status !== 0) return 1;
      buildDir = path.join(REPO_ROOT, remotePackage(remote), 'dist');
    }
    record = ship(store, remote, buildDir);
  } else if (command === 'pin') {
    const version = rest.shift();
    if (!version) {
      console.error(USAGE);
      return 2;
    }
    record = pin(store, remote, version);
  } else {
    record = rollback(store, remote);
  }
  printLive(record);
  const next = store.nextStep(remote);
  console.log(next ?? 'Live at the next page load: the server reads which version is live on every page.');
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
