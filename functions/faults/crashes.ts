// The backend killed mid-work, and its database connections cut: nothing acknowledged is lost.
import path from 'node:path';
import { Client } from 'pg';
import { signInWithGoogle as signIn } from '../test/support/identities';
import {
  ADMIN,
  check,
  freshDatabase,
  isWholeMessage,
  log,
  mailsIn,
  firstDeliveryMonth,
  payOnce,
  query,
  startBackend,
  waitUntil,
  type Kind,
} from './harness';

/** kill -9 during a burst of payments: every acknowledged payment is a subscription with exactly one e-mail. */
export async function crashMidPayment(kind: Kind) {
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
    // Each subscription gets its confirmation and its first payment's receipt, each once.
    const CONFIRMATION = 'Subject: Your Monthly Blooms subscription is confirmed';
    const RECEIPT = 'Subject: Your Monthly Blooms receipt';
    const mailsFor = (email: string, subject: string, mails: string[]) =>
      mails.filter((m) => m.includes(`<${email}>`) && m.includes(subject)).length;
    await waitUntil(() => {
      const mails = mailsIn(outbox);
      return stored.every((email) => mailsFor(email, CONFIRMATION, mails) > 0 && mailsFor(email, RECEIPT, mails) > 0);
    }, 20_000);
    second.process.kill('SIGTERM');
    await second.exited;
    const mails = mailsIn(outbox);
    for (const [subject, what] of [
      [CONFIRMATION, 'confirmation e-mail'],
      [RECEIPT, 'receipt'],
    ] as const) {
      const missing = stored.filter((email) => mailsFor(email, subject, mails) === 0);
      const twice = stored.filter((email) => mailsFor(email, subject, mails) > 1);
      check(missing.length === 0, `subscriptions whose ${what} was lost: ${missing.join(', ')}`);
      check(twice.length === 0, `subscriptions sent their ${what} twice: ${twice.join(', ')}`);
    }
    check(mails.length === 2 * stored.length, `${mails.length} e-mails for ${stored.length} subscriptions`);
    return `${acknowledged.length} acknowledged, ${stored.length} subscriptions after restart, ${mails.length} e-mails (a confirmation and a receipt each), none lost`;
  } finally {
    await database.drop();
  }
}

/** kill -9 during a burst of staff writes: every acknowledged write is there after restart. */
export async function crashMidWrites(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const first = await startBackend(database.env);
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) if (await payOnce(first.url, n)) ids.push(`payer${n}@example.com`);
    const { idToken } = await signIn(ADMIN);
    const month = await firstDeliveryMonth(first.url);
    const rows = (await (
      await fetch(`${first.url}/api/subscriptions?month=${month}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
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
            body: JSON.stringify({ month, subscriptionIds: [id], assigneeEmail: ADMIN }),
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
        `select subscription_id as id from deliveries where month = '${month}' and assignee_id is not null`,
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
export async function connectionsTerminated() {
  const database = await freshDatabase('postgres');
  try {
    const backend = await startBackend(database.env);
    for (let n = 0; n < 60; n++) await payOnce(backend.url, n);
    const { idToken } = await signIn(ADMIN);
    const month = await firstDeliveryMonth(backend.url);
    const rows = (await (
      await fetch(`${backend.url}/api/subscriptions?month=${month}&limit=500`, { headers: { Authorization: `Bearer ${idToken}` } })
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
          body: JSON.stringify({ month, subscriptionIds: [id], assigneeEmail: ADMIN }),
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
        `select subscription_id as id from deliveries where month = '${month}' and assignee_id is not null`,
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
