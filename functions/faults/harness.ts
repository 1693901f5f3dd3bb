// What the fault scenarios share: a fresh database, the backend as its own process, payments
// through the test checkout, the database and outbox as they are after a fault, and the report.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';
import { initializedPglite } from '../../scripts/lib/initialized-pglite.cjs';
import { TEST_PROJECT_ID } from '../test/support/identities';
export { firstDeliveryMonth } from '../test/support/first-delivery-month';

export const FUNCTIONS_DIR = path.join(__dirname, '..');
export const PROJECT = TEST_PROJECT_ID;
export const ADMIN = 'faults-admin@blooms.example';

export type Kind = 'pglite' | 'postgres';
export const results: { name: string; ok: boolean; detail: string }[] = [];

export function log(line: string) {
  console.log(`  ${line}`);
}

/**
 * A database for one scenario: a fresh PGlite folder, initialized but empty unless `empty` (a
 * restore's target), or a fresh database on the server.
 */
export async function freshDatabase(
  kind: Kind,
  { empty = false } = {},
): Promise<{ env: Record<string, string>; url: string | null; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-faults-'));
  if (kind === 'pglite') {
    if (!empty) await initializedPglite(dataDir);
    return { env: { DATA_DIR: dataDir }, url: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
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

export interface Backend {
  process: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the standalone backend as production runs it (compiled, dist/main.js) as its own process, ready when /api/health answers. */
export async function startBackend(env: Record<string, string>): Promise<Backend> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: FUNCTIONS_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      FIREBASE_PROJECT_ID: PROJECT,
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

export const FORM = {
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
export async function payOnce(url: string, n: number): Promise<string | null> {
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

export async function query<T>(url: string | null, dataDir: string, sqlText: string): Promise<T[]> {
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
export function mailsIn(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.eml'))
        .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    : [];
}

/** A message is whole when its MIME body ends: the closing boundary is there. */
export function isWholeMessage(raw: string): boolean {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  return boundary !== undefined && raw.includes(`--${boundary}--`);
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

export async function scenario(name: string, run: () => Promise<string>) {
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

export function check(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}
