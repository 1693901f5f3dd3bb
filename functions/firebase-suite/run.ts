// `pnpm test:firebase`: the product as it runs on Firebase, against the Firebase emulators.
// Builds the Cloud Functions bundle and the five Hosting folders, starts the Hosting,
// Functions and Auth emulators (offline, free ports) against the PostgreSQL server in
// TEST_DATABASE_URL, with stand-ins for Cloud Storage, Stripe and the mail server, then checks
// what a deployment must do. Prints each check, the timings, and "N passed, N failed".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import Stripe from 'stripe';
import { chromium } from 'playwright-core';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM } from '@blooms/shared/contract/subscribe';
import { sseDataParser } from '@blooms/shared/contract/sse';
import { freePort, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';
import { REPO_ROOT } from '../src/config';
import { PAGE_CACHE_CONTROL } from '../src/firebase/hosting';
import { bundleFunctions } from '../deploy/bundle';
import { DEPLOY_DIR, firebaseJson, firebaserc, FUNCTIONS_DIR, SITES, type Site } from '../deploy/firebase-json';
import { stageHosting } from '../deploy/stage-hosting';
import { startCloudStorageStandIn } from '../test/support/cloud-storage-stand-in';
import { startFakeStripe } from '../test/support/fake-stripe';
import sharp from 'sharp';
import { startSmtpServer } from '../test/support/smtp';

const PROJECT = 'demo-blooms-firebase';
const REGION = 'us-central1';
const ADMIN = 'admin@blooms.example';
const WEBHOOK_SECRET = 'whsec_firebase_suite';
const BUCKET = 'blooms-photos';

const results: { name: string; ok: boolean; detail: string }[] = [];
const timings: Record<string, string> = {};

async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  try {
    const detail = (await run()) ?? '';
    results.push({ name, ok: true, detail });
    console.log(`PASS  ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false, detail: (error as Error).message });
    console.log(`FAIL  ${name}: ${(error as Error).message}`);
  }
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function expectTrue(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** fetch, with the request named when it fails outright. */
async function fetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`${init?.method ?? 'GET'} ${url} failed: ${cause}`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The port firebase-tools gives the i-th Hosting site: the configured one, then that + 4 + i (lib/serve/hosting.js). */
const hostingPort = (first: number, i: number) => (i === 0 ? first : first + 4 + i);

/** Ports for the emulators, every Hosting site's among them free. */
async function emulatorPorts() {
  for (;;) {
    const first = await freePort();
    const free = await Promise.all(SITES.map((_, i) => portIsFree(hostingPort(first, i))));
    if (free.every(Boolean)) return { hosting: first, functions: await freePort(), auth: await freePort(), hub: await freePort(), logging: await freePort(), eventarc: await freePort(), tasks: await freePort() };
  }
}

async function portIsFree(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `blooms_firebase_${process.pid}_${Date.now()}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function envFile(values: Record<string, string>): string {
  return Object.entries(values).map(([key, value]) => `${key}=${value}`).join('\n') + '\n';
}

/** Signs in to the Auth emulator with a Google credential, as the browser does; returns the ID token. */
async function signIn(authHost: string, email: string): Promise<string> {
  const idToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true });
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=suite`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`, requestUri: 'http://localhost', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

function buildApps(): void {
  const missing = SITES.filter((site) => !fs.existsSync(path.join(REPO_ROOT, site === 'host' ? 'host' : `${site}-remote`, 'dist', site === 'host' ? 'index.html' : 'mf-manifest.json')));
  if (missing.length === 0 && process.env.FIREBASE_SUITE_REBUILD !== 'true') return;
  console.log('Building the apps (pnpm build)…');
  const { status } = spawnSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (status !== 0) throw new Error('pnpm build failed');
}

async function main(): Promise<number> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      'SKIPPED: pnpm test:firebase needs TEST_DATABASE_URL (a PostgreSQL server). Each emulated Cloud Function runs in a process of its own, ' +
        'so they can only share data through a server; on Firebase that is Cloud SQL. Nothing was checked. CI sets TEST_DATABASE_URL.',
    );
    return 0;
  }
  const started = Date.now();
  buildApps();
  for (const site of SITES) stageHosting(site);
  const bundle = await bundleFunctions();
  timings.bundle = `${Math.round(bundle.bytes / 1024)} KB (with source map)`;

  const ports = await emulatorPorts();
  const siteUrl = (site: Site) => `http://127.0.0.1:${hostingPort(ports.hosting, SITES.indexOf(site))}`;
  const hostUrl = siteUrl('host');
  const functionUrl = (name: string) => `http://127.0.0.1:${ports.functions}/${PROJECT}/${REGION}/${name}`;
  const authHost = `127.0.0.1:${ports.auth}`;

  const database = await createDatabase();
  const storage = await startCloudStorageStandIn();
  const stripe = await startFakeStripe();
  const smtp = await startSmtpServer();
  const functionsDir = path.join(REPO_ROOT, FUNCTIONS_DIR);
  // The emulator loads firebase-functions from node_modules beside the bundle (deploy installs them).
  fs.symlinkSync(path.join(REPO_ROOT, 'functions', 'node_modules'), path.join(functionsDir, 'node_modules'), 'dir');
  fs.writeFileSync(
    path.join(functionsDir, '.env.local'),
    envFile({
      PUBLIC_URL: hostUrl,
      PAYMENTS: 'stripe',
      ADMIN_EMAILS: ADMIN,
      STORAGE_BUCKET: BUCKET,
      STORAGE_EMULATOR_HOST: storage.url,
      STRIPE_API_BASE: stripe.url,
      LIVE_URL: `${functionUrl('live')}/api/live`,
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '500',
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `${siteUrl(name)}/mf-manifest.json`])),
    }),
  );
  fs.writeFileSync(
    path.join(functionsDir, '.secret.local'),
    envFile({ DATABASE_URL: database.url, SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_firebase_suite', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
  );
  // The suite's own project folder (firebase.json with emulator ports, .firebaserc with its
  // demo project's sites), pointing at the repository's Hosting folders and bundle.
  const projectDir = path.join(REPO_ROOT, DEPLOY_DIR, 'emulator-suite');
  fs.mkdirSync(projectDir, { recursive: true });
  const config = firebaseJson({ region: REGION, repoPath: '../../', emulators: { hosting: ports.hosting, functions: ports.functions, auth: ports.auth } });
  const emulators = config.emulators as Record<string, unknown>;
  for (const helper of ['hub', 'logging', 'eventarc', 'tasks'] as const) emulators[helper] = { host: '127.0.0.1', port: ports[helper] };
  fs.writeFileSync(path.join(projectDir, 'firebase.json'), JSON.stringify(config, null, 2));
  fs.writeFileSync(path.join(projectDir, '.firebaserc'), JSON.stringify(firebaserc(PROJECT), null, 2));

  let output = '';
  const emulator: ChildProcess = spawn(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'hosting,functions,auth', '--project', PROJECT],
    {
      cwd: projectDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, METADATA_SERVER_DETECTION: 'none', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
    },
  );
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => emulator.on('exit', () => ((exited = true), resolve())));
  emulator.stdout!.on('data', (chunk) => (output += chunk));
  emulator.stderr!.on('data', (chunk) => (output += chunk));

  const stopEverything = async () => {
    if (!exited) {
      try {
        process.kill(-emulator.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-emulator.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 10_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    await Promise.all([storage.close(), stripe.close(), smtp.close()]);
    await database.drop().catch(() => undefined);
    fs.rmSync(projectDir, { recursive: true, force: true });
    for (const file of ['node_modules', '.env.local', '.secret.local']) fs.rmSync(path.join(functionsDir, file), { force: true });
  };

  try {
    const emulatorStart = Date.now();
    try {
      await waitForHttp(`${hostUrl}/favicon.svg`, 90_000, () => !exited);
      await waitForHttp(`http://${authHost}/`, 30_000, () => !exited);
      await waitFor(() => output.includes('All emulators ready'), 60_000, 'the emulators to be ready');
    } catch (error) {
      throw new Error(`The emulators did not start: ${(error as Error).message}\n${output.slice(-3000)}`);
    }
    timings.emulatorsReady = `${((Date.now() - emulatorStart) / 1000).toFixed(1)} s`;
    console.log(`Emulators ready in ${timings.emulatorsReady}: sites from ${hostUrl}, functions at ${functionUrl('')}`);
    await runChecks({ siteUrl, hostUrl, functionUrl, authHost, storage, stripe, smtp });
    if (process.env.FIREBASE_SUITE_HOLD === '1') {
      // For measuring by hand, e.g. LIGHTHOUSE_ORIGIN=<host site> pnpm bench:lighthouse.
      console.log(`\nHolding the emulators: the site is at ${hostUrl}. Stop with Ctrl-C.`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
    }
  } finally {
    await stopEverything();
    if (process.env.FIREBASE_SUITE_LOG) fs.writeFileSync(process.env.FIREBASE_SUITE_LOG, output);
  }

  console.log('\nTimings');
  for (const [name, value] of Object.entries(timings)) console.log(`  ${name}: ${value}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
  if (failed > 0) console.log(`\nEmulator output (last lines):\n${output.slice(-4000)}`);
  return failed === 0 ? 0 : 1;
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Context {
  siteUrl: (site: Site) => string;
  hostUrl: string;
  functionUrl: (name: string) => string;
  authHost: string;
  storage: Awaited<ReturnType<typeof startCloudStorageStandIn>>;
  stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

async function runChecks({ siteUrl, hostUrl, functionUrl, authHost, storage, stripe, smtp }: Context): Promise<void> {
  const pagesColdStart = Date.now();
  await check('the first page through Hosting starts the pages function', async () => {
    const home = await fetch(`${hostUrl}/`);
    timings.coldStartPages = `${Date.now() - pagesColdStart} ms (first /: instance start, the apps' files fetched from their sites)`;
    expectEqual(home.status, 200, 'status');
  });
  const coldStart = Date.now();
  let health: Response | null = null;
  await check('/api/health through Hosting reaches the api function and PostgreSQL', async () => {
    health = await fetch(`${hostUrl}/api/health`);
    timings.coldStartApi = `${Date.now() - coldStart} ms (first /api/health: instance start, migrations)`;
    expectEqual(health.status, 200, 'status');
    const body = (await health.json()) as { status: string; database: string; problems: string[] };
    expectEqual({ status: body.status, database: body.database, problems: body.problems }, { status: 'ok', database: 'postgres', problems: [] }, 'body');
  });

  await check("each site's files: fixed names revalidated, hashed ones immutable, remotes readable cross-origin, no maps or precompressed copies", async () => {
    for (const site of REMOTE_NAMES) {
      const base = siteUrl(site);
      const manifest = await fetch(`${base}/mf-manifest.json`);
      expectEqual(manifest.status, 200, `${site} manifest`);
      const entry = await fetch(`${base}/remoteEntry.js`);
      for (const [what, response] of [['mf-manifest.json', manifest], ['remoteEntry.js', entry]] as const) {
        expectEqual(response.headers.get('cache-control'), 'no-cache', `${site} ${what} Cache-Control`);
        expectEqual(response.headers.get('access-control-allow-origin'), '*', `${site} ${what} CORS`);
        expectEqual(response.headers.get('cross-origin-resource-policy'), 'cross-origin', `${site} ${what} CORP`);
      }
      const body = (await manifest.json()) as { exposes?: { assets?: { js?: { sync?: string[] } } }[] };
      const chunk = body.exposes?.flatMap((e) => e.assets?.js?.sync ?? []).find((file) => /\.[0-9a-f]{8}\.js$/.test(file));
      expectTrue(Boolean(chunk), `${site}: a hashed chunk in the manifest`);
      const hashed = await fetch(`${base}/${chunk}`);
      expectEqual(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable', `${site} ${chunk} Cache-Control`);
      expectEqual((await fetch(`${base}/${chunk}.map`)).status, 404, `${site} source map`);
      expectEqual((await fetch(`${base}/remoteEntry.js.br`)).status, 404, `${site} precompressed copy`);
    }
    const main = await fetch(`${hostUrl}/main.js`);
    expectEqual(main.headers.get('cache-control'), 'no-cache', 'host main.js Cache-Control');
    const config = await fetch(`${hostUrl}/app-config.json`);
    expectEqual(config.headers.get('cache-control'), 'no-cache', 'app-config.json Cache-Control');
    const appConfig = (await config.json()) as { remotes: Record<string, string>; liveUrl: string };
    expectEqual(appConfig.remotes.marketing, `${siteUrl('marketing')}/mf-manifest.json`, 'app-config remote URL');
    expectEqual(appConfig.liveUrl, `${functionUrl('live')}/api/live`, 'app-config live URL');
  });

  await check('pages come prerendered from the pages function, with the CSP naming every remote site', async () => {
    const page = await fetch(`${hostUrl}/faq`);
    const html = await page.text();
    expectEqual(page.status, 200, 'status');
    expectTrue(html.includes('<h1') && html.includes('Frequently Asked Questions'), 'the FAQ screen is in the HTML');
    expectTrue(html.includes('data-prerendered'), 'the prerendered CSS is inline');
    expectEqual(page.headers.get('cache-control'), PAGE_CACHE_CONTROL, 'Cache-Control');
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const site of REMOTE_NAMES) expectTrue(csp.includes(siteUrl(site)), `CSP names ${siteUrl(site)}`);
    expectTrue(csp.includes(new URL(functionUrl('live')).origin), 'CSP lets the page reach the live function');
    const home = await (await fetch(`${hostUrl}/`)).text();
    expectTrue(home.includes('id="root"><'), '/ is prerendered too (not the bare index.html)');
    expectEqual((await fetch(`${hostUrl}/no/such/page`)).status, 404, 'unknown page status');
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(`${hostUrl}/how-it-works`)).text();
      warm.push(performance.now() - t);
    }
    timings.warmPage = `median ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms (/how-it-works through Hosting, 20 requests)`;
  });

  const adminToken = await signIn(authHost, ADMIN);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  await check('/api/me with an Auth-emulator token; refused without one', async () => {
    const me = await fetch(`${hostUrl}/api/me`, { headers: asAdmin });
    expectEqual(me.status, 200, 'status');
    const body = (await me.json()) as { email: string; role: string };
    expectEqual([body.email, body.role], [ADMIN, 'admin'], 'who');
    expectEqual((await fetch(`${hostUrl}/api/me`)).status, 401, 'status without a token');
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(`${hostUrl}/api/me`, { headers: asAdmin })).text();
      warm.push(performance.now() - t);
    }
    timings.warmApi = `median ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms (/api/me through Hosting, token checked, 20 requests)`;
  });

  let sessionId = '';
  await check('both callables keep the callable protocol (result / error.status)', async () => {
    const payload = buildCheckoutPayload({
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Rosa',
      lastName: 'Firebase',
      email: 'rosa@example.com',
      phone: '(801) 555-0199',
      address: '215 E 400 S',
      city: 'Salt Lake City',
      zip: '84111',
    });
    const created = await fetch(`${hostUrl}/api/createCheckoutSession`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data: payload }) });
    const createdBody = (await created.json()) as { result?: { url: string; sessionId: string }; error?: unknown };
    expectEqual(created.status, 200, `createCheckoutSession status (${JSON.stringify(createdBody)})`);
    sessionId = createdBody.result!.sessionId;
    expectTrue(createdBody.result!.url.startsWith('https://checkout.stripe.test/'), 'a Stripe Checkout URL');
    const missing = await fetch(`${hostUrl}/api/verifyCheckoutSession`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data: { sessionId: 'cs_test_missing' } }) });
    expectEqual(((await missing.json()) as { error: { status: string } }).error.status, 'NOT_FOUND', 'verify of an unknown session');
  });

  await check('a signed Stripe webhook fulfils the order (one subscription, one e-mail); a forged one is refused', async () => {
    const session = stripe.sessions.get(sessionId)!;
    const paid = { ...session, payment_status: 'paid', status: 'complete' };
    const body = JSON.stringify({ id: 'evt_firebase_suite', object: 'event', type: 'checkout.session.completed', data: { object: paid } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    const forged = await fetch(`${hostUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: body.replace('paid', 'PAID') });
    expectEqual(forged.status, 400, 'forged webhook status');
    for (let i = 0; i < 2; i++) {
      const signed = await fetch(`${hostUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body });
      expectEqual(signed.status, 200, 'signed webhook status');
    }
    await waitFor(() => smtp.received.some((mail) => mail.to.includes('rosa@example.com')), 20_000, 'the confirmation e-mail');
    expectEqual(smtp.received.filter((mail) => mail.to.includes('rosa@example.com')).length, 1, 'confirmation e-mails');
  });

  const month = new Date().toISOString().slice(0, 7);
  let subscriptionId = '';
  await check('a delivery photo goes to Cloud Storage and comes back byte-identical', async () => {
    const list = await fetch(`${hostUrl}/api/subscriptions?month=${month}`, { headers: asAdmin });
    const rows = ((await list.json()) as { rows?: { id: string; email: string }[] }).rows ?? [];
    subscriptionId = rows.find((row) => row.email === 'rosa@example.com')?.id ?? '';
    expectTrue(Boolean(subscriptionId), `the new subscription is listed (${list.status})`);
    // A real photo of over a hundred KB: noise does not compress.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 95 }).toBuffer();
    const form = new FormData();
    form.set('subscriptionId', subscriptionId);
    form.set('month', month);
    form.set('method', 'door');
    form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'door.jpg');
    const out = await fetch(`${hostUrl}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month, expectedStatus: 'not-started' }),
    });
    expectEqual(out.status, 200, 'out for delivery');
    const proof = await fetch(`${hostUrl}/api/deliveries/proof`, { method: 'POST', headers: asAdmin, body: form });
    expectEqual(proof.status, 200, `proof upload status (${proof.status === 200 ? '' : await proof.text()})`);
    const stored = [...storage.objects.keys()].find((key) => key.startsWith(`${BUCKET}/deliveries/${subscriptionId}/`));
    expectTrue(Boolean(stored), 'the photo is in the bucket');
    const back = await fetch(`${hostUrl}/api/deliveries/${subscriptionId}/${month}/proof`, { headers: asAdmin });
    expectEqual(back.status, 200, 'photo status');
    expectTrue(Buffer.from(await back.arrayBuffer()).equals(photo), 'the photo comes back byte for byte');
    expectEqual((await fetch(`${hostUrl}/api/deliveries/${subscriptionId}/${month}/proof`)).status, 401, 'photo without sign-in');
  });

  await check('the live function streams changes to the site, and only to the site (CORS)', async () => {
    const liveUrl = `${functionUrl('live')}/api/live`;
    const stranger = await fetch(liveUrl, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' } });
    expectEqual(stranger.headers.get('access-control-allow-origin'), null, 'CORS for another origin');
    const abort = new AbortController();
    const response = await fetch(liveUrl, { headers: { ...asAdmin, Origin: hostUrl }, signal: abort.signal });
    expectEqual(response.status, 200, 'stream status');
    expectEqual(response.headers.get('access-control-allow-origin'), hostUrl, `CORS for the site (${JSON.stringify([...response.headers])})`);
    const events: { type: string }[] = [];
    const parse = sseDataParser((data) => events.push(JSON.parse(data) as { type: string }));
    const reader = response.body!.getReader();
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        parse(decoder.decode(value, { stream: true }));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const changed = Date.now();
    const reset = await fetch(`${hostUrl}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month, expectedStatus: 'delivered' }),
    });
    expectEqual(reset.status, 200, `status change (${reset.status === 200 ? '' : await reset.text()})`);
    await waitFor(() => events.some((event) => event.type !== 'ready' && event.type !== 'resync'), 5_000, 'a live event');
    timings.liveEvent = `${Date.now() - changed} ms from the API's answer to the event on the live function`;
    abort.abort();
    await reading;
  });

  await check('in Chromium, the host loads each remote from its own site; sign-in, staff and admin screens work', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const loaded = new Set<string>();
      page.on('response', (response) => {
        if (response.url().endsWith('/remoteEntry.js') && response.ok()) loaded.add(new URL(response.url()).origin);
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Prerendered pages read before the app runs (it starts at the visitor's first key,
      // touch or mouse movement), so each is shown a key press and waited on until React has
      // taken its screen over.
      const hydrated = async () => {
        await page.keyboard.press('Shift');
        await page.waitForFunction(() => {
          // Runs in the page (this package's types have no DOM).
          const { document } = globalThis as unknown as { document: { querySelector: (selector: string) => object | null } };
          return Object.keys(document.querySelector('.screen') ?? {}).some((key) => key.startsWith('__reactFiber'));
        });
      };
      await page.goto(`${hostUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await hydrated();
      await page.goto(`${hostUrl}/subscribe`);
      await page.getByRole('button', { name: /^Subscribe for/ }).waitFor();
      await hydrated();
      await page.goto(`${hostUrl}/login`);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      const dialog = page.getByRole('dialog', { name: 'Local Google sign-in' });
      await dialog.getByLabel('Email').fill(ADMIN);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Live updates on').waitFor({ timeout: 15_000 });
      await page.goto(`${hostUrl}/users`);
      await page.getByRole('button', { name: 'Add User' }).waitFor();
      for (const site of REMOTE_NAMES) expectTrue(loaded.has(siteUrl(site)), `remoteEntry.js of ${site} loaded from ${siteUrl(site)} (loaded: ${[...loaded].join(', ')})`);
      expectEqual(errors, [], 'page errors');
    } finally {
      await browser.close();
    }
    return 'marketing, subscribe, staff and admin each from their own site; live feed on';
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
