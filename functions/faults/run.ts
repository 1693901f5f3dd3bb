// `pnpm test:faults`: the backend as a real process, hurt the way production hurts it, and
// checked for what must survive. Against embedded PGlite, and against PostgreSQL when
// TEST_DATABASE_URL is set (CI). Prints what each scenario did and checked, then
// "N passed, N failed"; exits non-zero on any lost acknowledged write or lost e-mail.
// FAULTS_ONLY=<words> runs only the scenarios whose name has them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, startAuthEmulator, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';
import { sseDataParser } from '@blooms/shared/contract/sse';
import { disableAccount, signInWithGoogle as signIn, TEST_PROJECT_ID } from '../test/support/identities';

const FUNCTIONS_DIR = path.join(__dirname, '..');
const PROJECT = TEST_PROJECT_ID;
const ADMIN = 'faults-admin@blooms.example';
const NOV = '2026-11';

type Kind = 'pglite' | 'postgres';
let emulatorHost = '';
const results: { name: string; ok: boolean; detail: string }[] = [];

function log(line: string) {
  console.log(`  ${line}`);
}

/** A database for one scenario: a fresh PGlite folder, or a fresh database on the server. */
async function freshDatabase(kind: Kind): Promise<{ env: Record<string, string>; url: string | null; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-faults-'));
  if (kind === 'pglite')
    return { env: { DATA_DIR: dataDir }, url: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `blooms_faults_${process.pid}_${Date.now()}`;
  const c = new Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    url: url.toString(),
    drop: async () => {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Backend {
  process: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the standalone backend as production runs it (compiled, dist/main.js) as its own process, ready when /api/health answers. */
async function startBackend(env: Record<string, string>): Promise<Backend> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: FUNCTIONS_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ADMIN_EMAILS: ADMIN,
      SERVE_STATIC: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '500',
      // An e-mail whose send the kill interrupted is due again after this.
      OUTBOX_RETRY_AFTER_S: '2',
      ACCOUNT_RECHECK_MS: '1000',
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let alive = true;
  void exited.then(() => (alive = false));
  await waitForHttp(`${url}/api/health`, 180_000, () => alive).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return { process: child, url, exited, output: () => output };
}

const FORM = {
  first_name: 'Fault',
  last_name: 'Test',
  phone: '8015550100',
  address: '1 Main St',
  unit: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84111',
  notes: '',
  plan: 'yearly',
  months: 'all',
};

/** Starts a checkout and pays it on the test checkout; resolves with the e-mail when the payment was acknowledged (303). */
async function payOnce(url: string, n: number): Promise<string | null> {
  const email = `payer${n}@example.com`;
  try {
    const started = await fetch(`${url}/api/createCheckoutSession`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { ...FORM, email, sub_id: `payer${n}examplecom-${Date.now()}` } }),
    });
    if (started.status !== 200) return null;
    const { result } = (await started.json()) as { result: { sessionId: string } };
    const paid = await fetch(`${url}/checkout/test/${result.sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    return paid.status === 303 ? email : null;
  } catch {
    return null; // the process died under it: not acknowledged
  }
}

async function query<T>(url: string | null, dataDir: string, sqlText: string): Promise<T[]> {
  if (url) {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sqlText)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(sqlText)).rows;
  } finally {
    await db.close();
  }
}

/** The e-mails in the outbox folder: its .eml files (a write in progress has another name). */
function mailsIn(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.eml'))
        .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    : [];
}

/** A message is whole when its MIME body ends: the closing boundary is there. */
function isWholeMessage(raw: string): boolean {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  return boundary !== undefined && raw.includes(`--${boundary}--`);
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

async function scenario(name: string, run: () => Promise<string>) {
  if (process.env.FAULTS_ONLY && !name.includes(process.env.FAULTS_ONLY)) return;
  console.log(`\n▶ ${name}`);
  try {
    const detail = await run();
    results.push({ name, ok: true, detail });
    console.log(`✓ ${name}: ${detail}`);
  } catch (error) {
    results.push({ name, ok: false, detail: (error as Error).message });
    console.log(`✗ ${name}: ${(error as Error).message}`);
  }
}

function check(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

/** kill -9 during a burst of payments: every acknowledged payment is a subscription with exactly one e-mail. */
async function crashMidPayment(kind: Kind) {
  const database = await freshDatabase(kind);
  const outbox = path.join(database.env.DATA_DIR!, 'outbox');
  try {
    const first = await startBackend(database.env);
    log(`backend up (pid ${first.process.pid}); sending 400 payments, 8 at a time, and kill -9 once 80 are acknowledged`);
    const acknowledged: string[] = [];
    let next = 0;
    const workers = Array.from({ length: 8 }, async () => {
      while (next < 400) {
        const email = await payOnce(first.url, next++);
        if (email) acknowledged.push(email);
        if (acknowledged.length === 80) first.process.kill('SIGKILL');
      }
    });
    await Promise.all(workers);
    await first.exited;
    log(`killed with ${acknowledged.length} payments acknowledged, ${next} attempted`);
    check(acknowledged.length >= 80 && acknowledged.length < 400, `the crash did not land mid-burst (${acknowledged.length} acknowledged)`);
    const cutShort = mailsIn(outbox).filter((raw) => !isWholeMessage(raw)).length;
    check(cutShort === 0, `${cutShort} e-mail files left cut short by the kill`);

    const second = await startBackend(database.env);
    log('restarted on the same data; waiting for the e-mail outbox to drain');
    const subscribers = async () =>
      (await query<{ email: string }>(database.url, database.env.DATA_DIR!, 'select email from subscriptions')).map((r) => r.email);
    const stored = await subscribers();
    const lost = acknowledged.filter((email) => !stored.includes(email));
    check(lost.length === 0, `acknowledged payments with no subscription: ${lost.join(', ')}`);
    const mailsFor = (email: string, mails: string[]) => mails.filter((m) => m.includes(`<${email}>`)).length;
    await waitUntil(() => {
      const mails = mailsIn(outbox);
      return stored.every((email) => mailsFor(email, mails) > 0);
    }, 20_000);
    second.process.kill('SIGTERM');
    await second.exited;
    const mails = mailsIn(outbox);
    const missing = stored.filter((email) => mailsFor(email, mails) === 0);
    const twice = stored.filter((email) => mailsFor(email, mails) > 1);
    check(missing.length === 0, `subscriptions whose confirmation e-mail was lost: ${missing.join(', ')}`);
    check(twice.length === 0, `subscriptions confirmed twice: ${twice.join(', ')}`);
    check(mails.length === stored.length, `${mails.length} e-mails for ${stored.length} subscriptions`);
    return `${acknowledged.length} acknowledged, ${stored.length} subscriptions after restart, ${mails.length} e-mails (one each), none lost`;
  } finally {
    await database.drop();
  }
}

/** kill -9 during a burst of staff writes: every acknowledged write is there after restart. */
async function crashMidWrites(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const first = await startBackend(database.env);
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) if (await payOnce(first.url, n)) ids.push(`payer${n}@example.com`);
    const { idToken } = await signIn(ADMIN);
    const rows = (await (
      await fetch(`${first.url}/api/subscriptions?month=${NOV}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
    ).json()) as { rows: { id: string }[] };
    const subscriptionIds = rows.rows.map((r) => r.id);
    log(`${subscriptionIds.length} subscriptions; assigning each with its own request, 6 at a time, and kill -9 after 300 ms`);
    const acknowledged: string[] = [];
    let next = 0;
    const workers = Array.from({ length: 6 }, async () => {
      while (next < subscriptionIds.length) {
        const id = subscriptionIds[next++]!;
        try {
          const response = await fetch(`${first.url}/api/deliveries/assign`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ month: NOV, subscriptionIds: [id], assigneeEmail: ADMIN }),
          });
          if (response.status === 200) acknowledged.push(id);
        } catch {
          // died under it
        }
      }
    });
    setTimeout(() => first.process.kill('SIGKILL'), 300);
    await Promise.all(workers);
    await first.exited;
    const second = await startBackend(database.env);
    const assigned = (
      await query<{ id: string }>(
        database.url,
        database.env.DATA_DIR!,
        `select subscription_id as id from deliveries where month = '${NOV}' and assignee_id is not null`,
      )
    ).map((r) => r.id);
    second.process.kill('SIGTERM');
    await second.exited;
    const lost = acknowledged.filter((id) => !assigned.includes(id));
    check(lost.length === 0, `acknowledged assignments lost: ${lost.length}`);
    return `${acknowledged.length} of ${subscriptionIds.length} assignments acknowledged before the kill; all ${acknowledged.length} there after restart`;
  } finally {
    await database.drop();
  }
}

/** Every pool connection ended by the database server during a burst: the process stays up, answers, keeps acknowledged writes. */
async function connectionsTerminated() {
  const database = await freshDatabase('postgres');
  try {
    const backend = await startBackend(database.env);
    for (let n = 0; n < 60; n++) await payOnce(backend.url, n);
    const { idToken } = await signIn(ADMIN);
    const rows = (await (
      await fetch(`${backend.url}/api/subscriptions?month=${NOV}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
    ).json()) as { rows: { id: string }[] };
    // Each round from its own connection: the one that terminates the others must not be among them.
    const terminateOthers = async () => {
      const admin = new Client({ connectionString: database.url! });
      admin.on('error', () => undefined);
      await admin.connect();
      try {
        const result = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
        );
        return result.rowCount ?? 0;
      } finally {
        await admin.end().catch(() => undefined);
      }
    };
    let terminated = 0;
    const killer = (async () => {
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 40));
        terminated += await terminateOthers().catch(() => 0);
      }
    })();
    const statuses = await Promise.all(
      rows.rows.map(async ({ id }, i) => {
        await new Promise((r) => setTimeout(r, i * 4));
        const response = await fetch(`${backend.url}/api/deliveries/assign`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ month: NOV, subscriptionIds: [id], assigneeEmail: ADMIN }),
        });
        return { id, status: response.status };
      }),
    );
    await killer;
    const health = await fetch(`${backend.url}/api/health`);
    const assigned = (
      await query<{ id: string }>(
        database.url,
        '',
        `select subscription_id as id from deliveries where month = '${NOV}' and assignee_id is not null`,
      )
    ).map((r) => r.id);
    backend.process.kill('SIGTERM');
    const code = await backend.exited;
    const byStatus = statuses.reduce<Record<number, number>>((acc, { status }) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }), {});
    check(terminated > 0, 'no connection was terminated');
    check(health.status === 200, `health answered ${health.status} afterwards`);
    check(
      Object.keys(byStatus).every((s) => s === '200' || s === '503'),
      `answers other than 200/503: ${JSON.stringify(byStatus)}`,
    );
    const lost = statuses.filter((s) => s.status === 200 && !assigned.includes(s.id));
    check(lost.length === 0, `acknowledged writes lost: ${lost.length}`);
    check(code === 0, `the process exited with ${code} on SIGTERM: ${backend.output().slice(-600)}`);
    return `${terminated} connections terminated mid-burst; answers ${JSON.stringify(byStatus)}; process stayed up, healthy after; no acknowledged write lost`;
  } finally {
    await database.drop();
  }
}

async function openLive(url: string, idToken: string) {
  const response = await fetch(`${url}/api/live`, { headers: { Authorization: `Bearer ${idToken}` } });
  const events: string[] = [];
  const ended = (async () => {
    const feed = sseDataParser((data) => events.push(data));
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // reset
    }
    return Date.now();
  })();
  return { status: response.status, ended };
}

/** SIGTERM with live screens open: streams end, the process exits promptly; a second backend on the same embedded folder is refused. */
async function stopWithLiveClients(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const backend = await startBackend({ ...database.env, SHUTDOWN_TIMEOUT_MS: '8000' });
    const { idToken } = await signIn(ADMIN);
    let refusedSecond = 'not tried (PostgreSQL is shared by design)';
    if (kind === 'pglite') {
      const port = await freePort();
      const second = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
        cwd: FUNCTIONS_DIR,
        env: {
          ...process.env,
          ...database.env,
          PORT: String(port),
          FIREBASE_PROJECT_ID: PROJECT,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          SERVE_STATIC: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stderr!.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      check(
        code !== 0 && output.includes('is in use by another backend'),
        `a second backend on the same folder was not refused (exit ${code}): ${output.slice(0, 300)}`,
      );
      refusedSecond = 'refused, naming the process that has it';
    }
    const streams = await Promise.all([openLive(backend.url, idToken), openLive(backend.url, idToken), openLive(backend.url, idToken)]);
    check(
      streams.every((s) => s.status === 200),
      'live streams did not open',
    );
    const sentAt = Date.now();
    backend.process.kill('SIGTERM');
    const code = await backend.exited;
    const exitedAfter = Date.now() - sentAt;
    const endedAfter = Math.max(...(await Promise.all(streams.map((s) => s.ended)))) - sentAt;
    check(code === 0, `exit code ${code}`);
    check(exitedAfter < 5000, `the process took ${exitedAfter} ms to exit`);
    return `3 live streams ended ${endedAfter} ms after SIGTERM, process exited 0 after ${exitedAfter} ms; second backend on the folder: ${refusedSecond}`;
  } finally {
    await database.drop();
  }
}

/** A Firebase account disabled while its live stream is open: the stream ends within ACCOUNT_RECHECK_MS. */
async function disabledAccountLive(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const backend = await startBackend(database.env);
    const email = `disabled-${kind}-${Date.now()}@blooms.example`;
    const adminToken = (await signIn(ADMIN)).idToken;
    await fetch(`${backend.url}/api/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Soon Gone', email, role: 'employee' }),
    });
    const { idToken, uid } = await signIn(email);
    const stream = await openLive(backend.url, idToken);
    check(stream.status === 200, `live stream answered ${stream.status}`);
    const disabledAt = Date.now();
    await disableAccount(uid);
    const endedAt = await Promise.race([stream.ended, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
    backend.process.kill('SIGTERM');
    await backend.exited;
    check(endedAt > 0, 'the stream was still open 10 s after the account was disabled');
    return `stream ended ${endedAt - disabledAt} ms after the account was disabled (recheck every 1000 ms)`;
  } finally {
    await database.drop();
  }
}

// A real 1x1 PNG: the server checks a photo's bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Runs `pnpm backup` or `pnpm restore` (the CLI) with the given settings; resolves with its output, rejects with it on failure. */
function runBackupCli(command: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/backup-cli.js', command, file], {
      cwd: FUNCTIONS_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`pnpm ${command} exited ${code}: ${output.slice(-800)}`))));
  });
}

/** Marks a stop delivered, left at the door with a photo, as a driver does; resolves true when acknowledged. */
async function deliverWithPhoto(url: string, idToken: string, subscriptionId: string): Promise<boolean> {
  const as = { Authorization: `Bearer ${idToken}` };
  try {
    const assigned = await fetch(`${url}/api/deliveries/assign`, {
      method: 'POST',
      headers: { ...as, 'Content-Type': 'application/json' },
      body: JSON.stringify({ month: NOV, subscriptionIds: [subscriptionId], assigneeEmail: ADMIN }),
    });
    const out = await fetch(`${url}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...as, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month: NOV, expectedStatus: 'not-started' }),
    });
    if (assigned.status !== 200 || out.status !== 200) return false;
    const form = new FormData();
    form.set('subscriptionId', subscriptionId);
    form.set('month', NOV);
    form.set('method', 'door');
    form.set('photo', new Blob([PNG], { type: 'image/png' }), 'door.png');
    return (await fetch(`${url}/api/deliveries/proof`, { method: 'POST', headers: as, body: form })).status === 200;
  } catch {
    return false;
  }
}

/**
 * `pnpm backup` while payments and door photos keep coming, then `pnpm restore` into an empty
 * data folder (and, on PostgreSQL, an empty database): every write acknowledged before the
 * backup began is there, photos included, and what was caught mid-way is whole (each
 * subscription with its payment and its e-mail).
 */
async function backupUnderLoad(kind: Kind) {
  const source = await freshDatabase(kind);
  const target = await freshDatabase(kind);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-backup-')), 'under-load.tar');
  try {
    const backend = await startBackend(source.env);
    const { idToken } = await signIn(ADMIN);
    for (let n = 0; n < 30; n++) await payOnce(backend.url, n);
    const listed = (await (
      await fetch(`${backend.url}/api/subscriptions?month=${NOV}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
    ).json()) as { rows: { id: string }[] };
    const stops = listed.rows.map((row) => row.id);

    const paid: { email: string; at: number }[] = [];
    const photographed: { id: string; at: number }[] = [];
    let loading = true;
    let n = 1000;
    const payers = Array.from({ length: 4 }, async () => {
      while (loading) {
        const email = await payOnce(backend.url, n++);
        if (email) paid.push({ email, at: Date.now() });
      }
    });
    const driver = (async () => {
      for (const id of stops) {
        if (!loading) break;
        if (await deliverWithPhoto(backend.url, idToken, id)) photographed.push({ id, at: Date.now() });
      }
    })();
    await waitUntil(() => paid.length >= 20 && photographed.length >= 5, 60_000);
    const backupBegan = Date.now();
    const output = await runBackupCli('backup', file, source.env);
    loading = false;
    await Promise.all([...payers, driver]);
    backend.process.kill('SIGTERM');
    await backend.exited;
    const before = {
      paid: paid.filter((write) => write.at < backupBegan),
      photographed: photographed.filter((write) => write.at < backupBegan),
    };
    log(
      `${before.paid.length} payments and ${before.photographed.length} door photos acknowledged before the backup began, ${paid.length - before.paid.length} and ${photographed.length - before.photographed.length} while it ran`,
    );
    log(
      output
        .split('\n')
        .slice(0, 3)
        .map((line) => line.trim())
        .join(' | '),
    );

    const restored = await runBackupCli('restore', file, target.env);
    log(
      restored
        .split('\n')
        .slice(1, 4)
        .map((line) => line.trim())
        .join(' | '),
    );
    const second = await startBackend(target.env);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as { status: string };
    const subscribers = new Set(
      (await query<{ email: string }>(target.url, target.env.DATA_DIR!, 'select email from subscriptions')).map((row) => row.email),
    );
    const lostPayments = before.paid.filter((write) => !subscribers.has(write.email));
    const missingPhotos: string[] = [];
    for (const write of before.photographed) {
      const photo = await fetch(`${second.url}/api/deliveries/${write.id}/${NOV}/proof`, {
        headers: { Authorization: `Bearer ${(await signIn(ADMIN)).idToken}` },
      });
      if (photo.status !== 200 || !Buffer.from(await photo.arrayBuffer()).equals(PNG)) missingPhotos.push(write.id);
    }
    const halfDone = await query<{ email: string }>(
      target.url,
      target.env.DATA_DIR!,
      `select s.email from subscriptions s where not exists (select 1 from payments p where p.subscription_id = s.id)
         or not exists (select 1 from email_outbox o where o.subscription_id = s.id and o.kind = 'subscription-confirmed')`,
    );
    second.process.kill('SIGTERM');
    await second.exited;
    check(health.status === 'ok', `the restored backend's health: ${JSON.stringify(health)}`);
    check(
      lostPayments.length === 0,
      `payments acknowledged before the backup and not restored: ${lostPayments.map((write) => write.email).join(', ')}`,
    );
    check(missingPhotos.length === 0, `door photos acknowledged before the backup and not restored: ${missingPhotos.length}`);
    check(halfDone.length === 0, `subscriptions restored without their payment or e-mail: ${halfDone.map((row) => row.email).join(', ')}`);
    return `${before.paid.length} payments and ${before.photographed.length} photos from before the backup all restored (${subscribers.size} subscriptions in the file, each whole); restored backend healthy`;
  } finally {
    await source.drop();
    await target.drop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function main() {
  // The processes under test are the compiled ones production runs.
  execFileSync(process.execPath, ['build.mjs'], { cwd: FUNCTIONS_DIR, stdio: 'inherit' });
  const kinds: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.TEST_DATABASE_URL)
    console.log(
      'TEST_DATABASE_URL is not set: running against PGlite only (the connection-termination scenario needs a PostgreSQL server).',
    );
  process.env.METADATA_SERVER_DETECTION = 'none';
  const emulator = await startAuthEmulator({ projectId: PROJECT });
  emulatorHost = emulator.host;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  // Whatever goes wrong in here, the emulator (its own process group) does not outlive the run.
  const crash = (error: unknown) => {
    console.error(error);
    void emulator.stop().finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  try {
    for (const kind of kinds) {
      await scenario(`[${kind}] kill -9 in a burst of payments (item 3)`, () => crashMidPayment(kind));
      await scenario(`[${kind}] kill -9 in a burst of staff writes (item 1)`, () => crashMidWrites(kind));
      await scenario(`[${kind}] SIGTERM with live screens open; one backend per folder (item 2)`, () => stopWithLiveClients(kind));
      await scenario(`[${kind}] account disabled with its live stream open (item 10)`, () => disabledAccountLive(kind));
      await scenario(`[${kind}] pnpm backup under a write load, pnpm restore into an empty folder`, () => backupUnderLoad(kind));
    }
    if (kinds.includes('postgres'))
      await scenario('[postgres] every pool connection terminated in a burst (item 1)', connectionsTerminated);
  } finally {
    await emulator.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
