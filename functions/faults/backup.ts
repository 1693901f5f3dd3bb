// pnpm backup while staff write, and pnpm restore into an empty folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInWithGoogle as signIn } from '../test/support/identities';
import {
  ADMIN,
  check,
  FUNCTIONS_DIR,
  freshDatabase,
  firstDeliveryMonth,
  log,
  payOnce,
  query,
  startBackend,
  waitUntil,
  type Kind,
} from './harness';

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
async function deliverWithPhoto(url: string, idToken: string, subscriptionId: string, month: string): Promise<boolean> {
  const as = { Authorization: `Bearer ${idToken}` };
  try {
    const assigned = await fetch(`${url}/api/deliveries/assign`, {
      method: 'POST',
      headers: { ...as, 'Content-Type': 'application/json' },
      body: JSON.stringify({ month, subscriptionIds: [subscriptionId], assigneeEmail: ADMIN }),
    });
    const out = await fetch(`${url}/api/deliveries/status`, {
      method: 'POST',
      headers: { ...as, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscriptionId, month, expectedStatus: 'not-started' }),
    });
    if (assigned.status !== 200 || out.status !== 200) return false;
    const form = new FormData();
    form.set('subscriptionId', subscriptionId);
    form.set('month', month);
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
export async function backupUnderLoad(kind: Kind) {
  const source = await freshDatabase(kind);
  const target = await freshDatabase(kind, { empty: true });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-backup-')), 'under-load.tar');
  let second: Awaited<ReturnType<typeof startBackend>> | null = null;
  try {
    const backend = await startBackend(source.env);
    const { idToken } = await signIn(ADMIN);
    const month = await firstDeliveryMonth(backend.url);
    for (let n = 0; n < 30; n++) await payOnce(backend.url, n);
    const listed = (await (
      await fetch(`${backend.url}/api/subscriptions?month=${month}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
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
        if (await deliverWithPhoto(backend.url, idToken, id, month)) photographed.push({ id, at: Date.now() });
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
    second = await startBackend(target.env);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as { status: string };
    const subscribers = new Set(
      (await query<{ email: string }>(target.url, target.env.DATA_DIR!, 'select email from subscriptions')).map((row) => row.email),
    );
    const lostPayments = before.paid.filter((write) => !subscribers.has(write.email));
    const missingPhotos: string[] = [];
    for (const write of before.photographed) {
      const photo = await fetch(`${second.url}/api/deliveries/${write.id}/${month}/proof`, {
        headers: { Authorization: `Bearer ${(await signIn(ADMIN)).idToken}` },
      });
      if (photo.status !== 200 || !Buffer.from(await photo.arrayBuffer()).equals(PNG)) missingPhotos.push(write.id);
    }
    const halfDone = await query<{ email: string }>(
      target.url,
      target.env.DATA_DIR!,
      `select s.email from subscriptions s where not exists (select 1 from ledger_entries l where l.subscription_id = s.id and l.kind = 'charge')
         or not exists (select 1 from email_outbox o where o.subscription_id = s.id and o.kind = 'subscription-confirmed')`,
    );
    check(health.status === 'ok', `the restored backend's health: ${JSON.stringify(health)}`);
    check(
      lostPayments.length === 0,
      `payments acknowledged before the backup and not restored: ${lostPayments.map((write) => write.email).join(', ')}`,
    );
    check(missingPhotos.length === 0, `door photos acknowledged before the backup and not restored: ${missingPhotos.length}`);
    check(halfDone.length === 0, `subscriptions restored without their payment or e-mail: ${halfDone.map((row) => row.email).join(', ')}`);
    return `${before.paid.length} payments and ${before.photographed.length} photos from before the backup all restored (${subscribers.size} subscriptions in the file, each whole); restored backend healthy`;
  } finally {
    // The restored backend stops whatever happened above, so a failed check leaves none running.
    if (second) {
      second.process.kill('SIGTERM');
      await second.exited;
    }
    await source.drop();
    await target.drop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
