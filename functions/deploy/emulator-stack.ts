// The whole Firebase deployment on the Firebase emulators, on free ports: the five Hosting
// sites, the functions (from the bundle `firebase deploy` uploads) and Auth, against a
// PostgreSQL database, with local stand-ins for what has no emulator here: Cloud Storage (its
// JSON API), the mail server, and Cloud Scheduler. Used by `pnpm firebase:emulate` and by
// `pnpm test:firebase`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { freePort, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';
import { REPO_ROOT } from '../src/config';
import { functionsRegion } from '../src/firebase/settings';
import type { SecretName } from '../src/firebase/sizing';
import { startCloudStorageStandIn, type CloudStorageStandIn } from '../test/support/cloud-storage-stand-in';
import { startSmtpServer } from '../test/support/smtp';
import { bundleFunctions } from './bundle';
import { DEPLOY_DIR, firebaseJson, firebaserc, FUNCTIONS_DIR, packageOf, SITES, type Site } from './firebase-json';
import { stageHosting } from './stage-hosting';

export interface EmulatorStackOptions {
  /** The PostgreSQL database every function shares (each emulated function is a process of its own). */
  databaseUrl: string;
  /** The functions' settings besides the stack's own (sites, bucket, live function), e.g. PAYMENTS or contact details. */
  settings?: Record<string, string>;
  /** Secrets besides the database's and the mail server's (the Stripe ones stand in as "unused"). */
  secrets?: Partial<Record<SecretName, string>>;
  projectId?: string;
  /** Each e-mail the functions send is also written here, one .eml file each. */
  mailDir?: string;
  /** How often the scheduled functions run (Cloud Scheduler's stand-in): every minute and every hour, as deployed. */
  scheduleMs?: { outbox: number; billing: number };
  /** Each line the emulators print, as it comes. */
  onOutput?: (text: string) => void;
}

export interface EmulatorStack {
  projectId: string;
  region: string;
  siteUrl: (site: Site) => string;
  functionUrl: (name: string) => string;
  authHost: string;
  storage: CloudStorageStandIn;
  mail: Awaited<ReturnType<typeof startSmtpServer>>;
  /** What the emulators have printed so far. */
  output: () => string;
  /** Settles when the emulators have exited, for whatever reason. */
  exited: Promise<void>;
  stop: () => Promise<void>;
}

/** The port firebase-tools gives the i-th Hosting site: the configured one, then that + 4 + i (lib/serve/hosting.js). */
const hostingPort = (first: number, i: number) => (i === 0 ? first : first + 4 + i);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports for the emulators and their helpers, every Hosting site's among them free. */
async function emulatorPorts() {
  for (;;) {
    const hosting = await freePort();
    const free = await Promise.all(SITES.map((_, i) => portIsFree(hostingPort(hosting, i))));
    if (free.every(Boolean)) {
      return {
        hosting,
        functions: await freePort(),
        auth: await freePort(),
        hub: await freePort(),
        logging: await freePort(),
        eventarc: await freePort(),
        tasks: await freePort(),
      };
    }
  }
}

const envFile = (values: Record<string, string>) =>
  `${Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;

/** A new database on the PostgreSQL server of `serverUrl`, named after its database and `purpose`; drop() removes it. */
export async function freshDatabase(serverUrl: string, purpose: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(serverUrl);
  const name = `${server.pathname.slice(1) || 'blooms'}_${purpose}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: server.toString() });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  // Made for a run on the emulators: no wait for the disk at each commit.
  await run(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Builds what `firebase deploy` would upload: the apps (those not built yet, or all when
 * `rebuild`), each one's Hosting folder, and the functions bundle.
 */
export async function prepareDeployment({ rebuild = 'missing' }: { rebuild?: 'missing' | 'stale' | 'all' } = {}): Promise<void> {
  const { appsNeedingBuild, buildMarker } = await import('../../scripts/lib/builds.mjs');
  const apps = SITES.map(packageOf);
  const toBuild =
    rebuild === 'all' ? apps : rebuild === 'stale' ? appsNeedingBuild() : apps.filter((app) => !fs.existsSync(buildMarker(app)));
  if (toBuild.length > 0) {
    console.log(`Building ${toBuild.join(', ')}…`);
    const { status } = spawnSync('pnpm', ['-r', ...toBuild.flatMap((app) => ['--filter', `./${app}`]), 'build'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (status !== 0) throw new Error('The build failed.');
  }
  for (const site of SITES) stageHosting(site);
  await bundleFunctions();
}

/** Starts the stack on what prepareDeployment left; stop() ends every process it started and removes its files. */
export async function startEmulatorStack(options: EmulatorStackOptions): Promise<EmulatorStack> {
  const projectId = options.projectId ?? 'demo-blooms';
  const region = functionsRegion(options.settings ?? {});
  const ports = await emulatorPorts();
  const siteUrl = (site: Site) => `http://127.0.0.1:${hostingPort(ports.hosting, SITES.indexOf(site))}`;
  const functionUrl = (name: string) => `http://127.0.0.1:${ports.functions}/${projectId}/${region}/${name}`;
  const authHost = `127.0.0.1:${ports.auth}`;

  // A folder of this run's own: its firebase.json (ports), a copy of the bundle with this run's
  // settings beside it, and the emulators' temporary files (firebase-tools keeps a file per
  // project there, which would clash with another run's).
  const runDir = path.join(REPO_ROOT, DEPLOY_DIR, 'emulators', `${process.pid}-${Date.now()}`);
  const functionsDir = path.join(runDir, 'functions');
  const tmpDir = path.join(runDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, FUNCTIONS_DIR), functionsDir, { recursive: true, filter: (file) => !file.endsWith('.map') });
  // Deploy installs the bundle's dependencies; the emulator loads them from beside it.
  fs.symlinkSync(path.join(REPO_ROOT, 'functions', 'node_modules'), path.join(functionsDir, 'node_modules'), 'dir');

  const storage = await startCloudStorageStandIn();
  const mail = await startSmtpServer({ saveTo: options.mailDir });
  const settings = {
    PUBLIC_URL: siteUrl('host'),
    PAYMENTS: 'test',
    STORAGE_BUCKET: 'blooms-photos',
    STORAGE_EMULATOR_HOST: storage.url,
    LIVE_URL: `${functionUrl('live')}/api/live`,
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `${siteUrl(name)}/mf-manifest.json`])),
    ...options.settings,
  };
  // The emulator tries Secret Manager for a secret with no value here, which fails offline.
  const secrets = {
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: mail.url,
    STRIPE_SECRET_KEY: 'unused',
    STRIPE_WEBHOOK_SECRET: 'unused',
    ...options.secrets,
  };
  fs.writeFileSync(path.join(functionsDir, '.env.local'), envFile(settings));
  fs.writeFileSync(path.join(functionsDir, '.secret.local'), envFile(secrets));

  const config = firebaseJson({
    region,
    repoPath: '../../../',
    emulators: { hosting: ports.hosting, functions: ports.functions, auth: ports.auth },
  });
  config.functions[0]!.source = 'functions';
  const emulators = config.emulators as Record<string, unknown>;
  for (const helper of ['hub', 'logging', 'eventarc', 'tasks'] as const) emulators[helper] = { host: '127.0.0.1', port: ports[helper] };
  fs.writeFileSync(path.join(runDir, 'firebase.json'), JSON.stringify(config, null, 2));
  fs.writeFileSync(path.join(runDir, '.firebaserc'), JSON.stringify(firebaserc(projectId), null, 2));

  const quiet = {
    METADATA_SERVER_DETECTION: 'none',
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    CI: 'true',
    TMPDIR: tmpDir,
  };
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(String(chunk));
  };
  const children: ChildProcess[] = [];
  const exits: Promise<void>[] = [];
  const spawnGroup = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, { cwd: runDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    children.push(child);
    exits.push(new Promise((resolve) => child.on('exit', () => resolve())));
    return child;
  };
  let emulatorExited = false;
  const emulator = spawnGroup(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'hosting,functions,auth', '--project', projectId],
    quiet,
  );
  emulator.on('exit', () => (emulatorExited = true));

  const stop = async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    const killer = setTimeout(() => {
      for (const child of children) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, 10_000);
    await Promise.all(exits);
    clearTimeout(killer);
    await Promise.all([storage.close(), mail.close()]);
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  try {
    await waitForHttp(`${siteUrl('host')}/favicon.svg`, 120_000, () => !emulatorExited);
    await waitForHttp(`http://${authHost}/`, 30_000, () => !emulatorExited);
    const deadline = Date.now() + 60_000;
    while (!output.includes('All emulators ready')) {
      if (emulatorExited || Date.now() > deadline) throw new Error('the emulators did not say they were ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw new Error(`The emulators did not start: ${(error as Error).message}\n${output.slice(-3000)}`);
  }

  // Cloud Scheduler's stand-in: an instance of its own, with the functions' settings and the
  // emulators' addresses, as the Functions emulator gives them to the functions it runs.
  const every = options.scheduleMs ?? { outbox: 60_000, billing: 3_600_000 };
  const scheduler = spawnGroup(
    process.execPath,
    [path.join(__dirname, 'cloud-scheduler-stand-in.cjs'), functionsDir, `outbox=${every.outbox}`, `billing=${every.billing}`],
    {
      ...quiet,
      ...settings,
      ...secrets,
      GCLOUD_PROJECT: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FUNCTIONS_EMULATOR: 'true',
    },
  );
  // Its first runs also bring the database's schema up to date; the stack is up once they are done.
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('first runs done')) {
      if (scheduler.exitCode !== null || Date.now() > deadline) throw new Error('the Cloud Scheduler stand-in did not make its first runs');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-3000)}`);
  }

  return { projectId, region, siteUrl, functionUrl, authHost, storage, mail, output: () => output, exited: exits[0]!, stop };
}
