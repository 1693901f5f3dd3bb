import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { subscriberSchema } from '@blooms/shared/contract/subscriber';
import { spawnSync } from 'node:child_process';
import { MIGRATIONS, openDatabase } from '../src/db/database';
import { openConfiguredDatabase } from '../src/backend';
import { loadConfig } from '../src/config';
import { checkoutSessions, ledgerEntries, receipts, users } from '../src/db/schema';
import { paidMonthsOf } from '../src/read-models/ledger';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { waitFor } from './support/wait-for';

/** A migrations folder holding the migrations before the given one, as a database made then has them. */
function migrationsBefore(idx: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

async function tableNames(database: TestDatabase): Promise<string[]> {
  // Both drivers return { rows }; the shared database type does not say so.
  const result = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('build the schema from an empty database, and a second run changes nothing', async () => {
    expect(await tableNames(database)).toEqual([]);
    await database.migrate();
    expect(await tableNames(database)).toEqual([
      'cancellation_reasons',
      'charge_attempts',
      'checkout_sessions',
      'deliveries',
      'delivery_dates',
      'delivery_events',
      'email_outbox',
      'figures_changes',
      'figures_delivery_months',
      'figures_kept_sets',
      'figures_kept_state',
      'figures_ledger_months',
      'figures_version',
      'geocodes',
      'ledger_entries',
      'month_carry_overs',
      'month_list_version',
      'payment_disputes',
      'provider_events',
      'rate_limit_counts',
      'receipts',
      'route_orders',
      'sign_in_link_requests',
      'site_settings',
      'sms_outbox',
      'staff_refund_requests',
      'staff_sign_ins',
      'stop_tracking',
      'subscription_count',
      'subscription_events',
      'subscriptions',
      'territories',
      'text_consents',
      'users',
      'worker_runs',
    ]);
    const built = await tableNames(database);
    await database.migrate();
    expect(await tableNames(database)).toEqual(built);
  });

  it('give new users the employee role and refuse unknown roles', async () => {
    const [row] = await database.db.insert(users).values({ name: 'Ana Flores', email: 'ana@example.com' }).returning();
    expect(row?.role).toBe('employee');
    await expect(database.db.execute(sql`insert into users (name, email, role) values ('X', 'x@example.com', 'owner')`)).rejects.toThrow();
  });

  it('keep e-mail addresses unique ignoring case', async () => {
    await expect(database.db.insert(users).values({ name: 'Ana again', email: 'ANA@Example.com' })).rejects.toThrow();
  });

  it('hear every notification on a channel, an empty one too (the e-mail outbox wakes with no payload)', async () => {
    const heard: string[] = [];
    const stop = await database.listen(
      'blooms_test_channel',
      (payload) => heard.push(payload),
      () => undefined,
    );
    await database.db.execute(sql`select pg_notify('blooms_test_channel', '')`);
    await database.db.execute(sql`select pg_notify('blooms_test_channel', 'hello')`);
    await database.db.execute(sql`select pg_notify('another_channel', 'not for us')`);
    await waitFor(() => heard.length >= 2);
    await stop();
    expect(heard).toEqual(['', 'hello']);
  });
});

describe.each(DATABASE_KINDS)('the checkout_subscriber migration on %s', (kind) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    // The migrations as they stood before 0004: an open checkout from then must survive the upgrade.
    before = migrationsBefore(4);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('turns a stored wire payload into the subscriber fulfilment inserts', async () => {
    await database.migrate(before);
    const payload = {
      email: 'maria@example.com',
      first_name: 'Maria',
      last_name: 'Lopez',
      phone: '8015550101',
      address: '215 E 400 S',
      unit: 'Apt 3',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      notes: 'Gate code 4412',
      plan: 'custom',
      months: 'January,March',
      sub_id: 'mariaexamplecom-1795390435703',
      monthNumbers: [1, 3],
    };
    await database.db.execute(
      sql`insert into checkout_sessions (id, provider, payload) values ('cs_old', 'local', ${JSON.stringify(payload)}::jsonb)`,
    );
    await database.migrate();
    const [session] = await database.db.select().from(checkoutSessions);
    expect(session?.subscriber).toEqual({
      email: 'maria@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '8015550101',
      address: '215 E 400 S',
      unit: 'Apt 3',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      deliveryNotes: 'Gate code 4412',
      plan: 'custom',
      months: [1, 3],
    });
    expect(subscriberSchema.safeParse(session?.subscriber).success).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('the operations migration on %s', (kind) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    before = migrationsBefore(16);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('links the e-mails sent before it to their subscription where the recipient pays for exactly one', async () => {
    await database.migrate(before);
    const subscription = (first: string, email: string, buyerEmail = '') =>
      database.db.execute(sql`insert into subscriptions (first_name, last_name, email, phone, address, city, zip, plan, months, buyer_email)
        values (${first}, 'Test', ${email}, '8015550100', '1 Main St', 'Provo', '84601', 'yearly', '{1,2,3,4,5,6,7,8,9,10,11,12}', ${buyerEmail}) returning id`) as unknown as Promise<{
        rows: { id: string }[];
      }>;
    const ana = (await subscription('Ana', 'ana@example.com')).rows[0]!.id;
    const gift = (await subscription('Gift', 'recipient@example.com', 'Buyer@Example.com')).rows[0]!.id;
    await subscription('Two', 'two@example.com');
    await subscription('Two again', 'two@example.com');
    const mail = (kind: string, address: string) =>
      database.db.execute(
        sql`insert into email_outbox (kind, recipient, subject, text, html) values (${kind}, ${JSON.stringify({ name: 'X', address })}::jsonb, 'S', 'T', '<p>T</p>')`,
      );
    await mail('subscription-confirmed', 'ana@example.com');
    await mail('account-sign-in', 'ana@example.com');
    await mail('subscription-confirmed', 'buyer@example.com');
    await mail('subscription-confirmed', 'recipient@example.com');
    await mail('subscription-confirmed', 'two@example.com');
    await database.migrate();
    const linked = (await database.db.execute(
      sql`select kind, recipient->>'address' as address, subscription_id from email_outbox order by id`,
    )) as unknown as { rows: { kind: string; address: string; subscription_id: string | null }[] };
    expect(linked.rows.map((row) => [row.kind, row.address, row.subscription_id])).toEqual([
      ['subscription-confirmed', 'ana@example.com', ana],
      ['account-sign-in', 'ana@example.com', null],
      ['subscription-confirmed', 'buyer@example.com', gift],
      // A gift's e-mails go to its buyer, not its recipient; an address paying for two is not guessed at.
      ['subscription-confirmed', 'recipient@example.com', null],
      ['subscription-confirmed', 'two@example.com', null],
    ]);
  });
});

describe.each(DATABASE_KINDS)('the ledger migration on %s', (kind) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    // The migrations before 0024: a database with payments rows, one carried in place, one given back.
    before = migrationsBefore(24);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('turns each payment into its charge, and each payment given back into its refund; the balances are what the payments said', async () => {
    await database.migrate(before);
    const subscription = async (first: string, email: string, buyerEmail = '') =>
      (
        (await database.db
          .execute(sql`insert into subscriptions (first_name, last_name, email, phone, address, city, zip, plan, months, buyer_email)
        values (${first}, 'Test', ${email}, '8015550100', '1 Main St', 'Provo', '84601', 'yearly', '{1,2,3,4,5,6,7,8,9,10,11,12}', ${buyerEmail}) returning id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id;
    const ana = await subscription('Ana', 'ana@example.com');
    const gift = await subscription('Gift', 'rosa@example.com', 'sam@example.com');
    const pay = (id: string, ref: string, month: string, refunded = false) =>
      database.db.execute(sql`insert into payments (subscription_id, provider_ref, month, amount_cents, paid_at, refunded_at, refund_ref)
        values (${id}, ${ref}, ${month}, 9900, '2027-01-05T12:00:00Z', ${refunded ? '2027-02-01T12:00:00Z' : null}, ${refunded ? 're_1' : null})`);
    await pay(ana, 'checkout:cs_ana', '2027-01');
    // Charged for March, then carried in place to April when March was skipped.
    await pay(ana, 'pi_march', '2027-04');
    await pay(gift, 'checkout:cs_gift', '2027-02');
    await pay(gift, 'checkout:cs_gift:2', '2027-03', true);
    await pay(gift, 'checkout:cs_gift:3', '2027-04', true);

    await database.migrate();
    const entries = await database.db.select().from(ledgerEntries).orderBy(ledgerEntries.id);
    expect(
      entries.map((e) => [e.subscriptionId, e.kind, e.month, e.amountCents, e.paymentRef, e.entryRef, e.delivery, e.actorKind, e.actor]),
    ).toEqual([
      [ana, 'charge', '2027-01', 9900, 'checkout:cs_ana', null, null, 'provider', 'checkout:cs_ana'],
      [ana, 'charge', '2027-04', 9900, 'pi_march', null, null, 'provider', 'pi_march'],
      [gift, 'charge', '2027-02', 9900, 'checkout:cs_gift', null, null, 'provider', 'checkout:cs_gift'],
      [gift, 'charge', '2027-03', 9900, 'checkout:cs_gift:2', null, null, 'provider', 'checkout:cs_gift:2'],
      [gift, 'charge', '2027-04', 9900, 'checkout:cs_gift:3', null, null, 'provider', 'checkout:cs_gift:3'],
      [gift, 'refund', '2027-03', -9900, 'checkout:cs_gift:2', 're_1', 'dropped', 'subscriber', 'sam@example.com'],
      [gift, 'refund', '2027-04', -9900, 'checkout:cs_gift:3', 're_1', 'dropped', 'subscriber', 'sam@example.com'],
    ]);
    expect(entries[0]!.at.toISOString()).toBe('2027-01-05T12:00:00.000Z');
    expect(entries[5]!.at.toISOString()).toBe('2027-02-01T12:00:00.000Z');
    expect([...(await paidMonthsOf(database.db, ana))].sort()).toEqual(['2027-01', '2027-04']);
    expect([...(await paidMonthsOf(database.db, gift))]).toEqual(['2027-02']);
    // Their receipts count as issued: nothing is e-mailed late for payments made before receipts.
    const issued = await database.db.select().from(receipts).orderBy(receipts.paymentRef);
    expect(issued.map((r) => [r.paymentRef, r.subscriptionId])).toEqual([
      ['checkout:cs_ana', ana],
      ['checkout:cs_gift', gift],
      ['pi_march', ana],
    ]);
    expect(await tableNames(database)).not.toContain('payments');
  });
});

// Only a server has connections: this runs where TEST_DATABASE_URL is set (CI).
for (const kind of DATABASE_KINDS.filter((k) => k === 'postgres'))
  describe(`connections to a server, on ${kind}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createEmptyDatabase(kind);
    });
    afterAll(() => database.destroy());

    it('one the server ends is replaced: the process keeps running and the next query works', async () => {
      await database.ping();
      // What a restart, a failover or an idle timeout does to the pool's idle connections.
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(database.url!).pathname.slice(1)],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      // The pool hears of each ended connection and drops it.
      await waitFor(() => database.poolStats()?.open === 0);
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it('are pooled, at most as many as DATABASE_POOL_SIZE says, or twice the cores (at least 4)', async () => {
      const sized = await openConfiguredDatabase(loadConfig({ DATABASE_URL: database.url!, DATABASE_POOL_SIZE: '3' }));
      const unsized = await openConfiguredDatabase(loadConfig({ DATABASE_URL: database.url! }));
      try {
        expect(sized.poolStats()?.max).toBe(3);
        expect(unsized.poolStats()?.max).toBe(Math.max(4, 2 * os.availableParallelism()));
      } finally {
        await sized.close();
        await unsized.close();
      }
    });
  });

describe('the embedded database folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('belongs to one backend at a time: a second is refused with a message, and may open it once the first closed', async () => {
    const first = await openDatabase({ url: null, dataDir: dir });
    await expect(openDatabase({ url: null, dataDir: dir })).rejects.toThrow(
      `The embedded database in ${dir} is in use by another backend (process ${process.pid}). Stop that one first, or give this one another DATA_DIR (or a DATABASE_URL).`,
    );
    await first.close();
    const second = await openDatabase({ url: null, dataDir: dir });
    await second.ping();
    await second.close();
  });

  it("is readable by the backend's user alone, whatever the umask: folders 0700 and files 0600, made so at every start", async () => {
    /** Each path under the folder with its permission bits, as ls would show them. */
    const modes = (): Record<string, string> => {
      const found: Record<string, string> = {};
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        found[path.relative(dir, file)] = `${entry.isDirectory() ? 'd' : '-'}${(fs.lstatSync(file).mode & 0o777).toString(8)}`;
      }
      return found;
    };
    const loose = () => Object.entries(modes()).filter(([, mode]) => mode !== 'd700' && mode !== '-600');
    const umask = process.umask(0o022);
    try {
      const first = await openDatabase({ url: null, dataDir: dir });
      expect(Object.keys(modes()).length).toBeGreaterThan(900);
      expect(loose()).toEqual([]);
      await first.db.execute(sql`create table kept (id int primary key)`);
      await first.close();
      // Left loose meanwhile (a copy put back by hand, a file written by another tool): the next start tightens it again.
      fs.chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
      fs.chmodSync(path.join(dir, 'base'), 0o755);
      const second = await openDatabase({ url: null, dataDir: dir });
      expect(loose()).toEqual([]);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      await second.close();
    } finally {
      process.umask(umask);
    }
  });

  it('is taken over from a backend that died without closing it', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, 'blooms-backend.lock'), dead.stdout.toString());
    const database = await openDatabase({ url: null, dataDir: dir });
    await database.ping();
    await database.close();
  });
});

for (const kind of DATABASE_KINDS.filter((k) => k === 'postgres'))
  describe(`connections routed the way the Cloud SQL connector routes them, on ${kind}`, () => {
    let target: TestDatabase;
    beforeAll(async () => {
      target = await createEmptyDatabase(kind);
    });
    afterAll(() => target.destroy());

    it("go through the route's socket for queries, migrations and LISTEN, and close the route with the database", async () => {
      const server = new URL(target.url!);
      let sockets = 0;
      let closed = false;
      // The connector hands pg a socket factory and the URL keeps only user, password and
      // database: a host that cannot resolve proves nothing goes to it.
      const url = new URL(target.url!);
      url.hostname = 'cloud-sql-instance.invalid';
      const database = await openDatabase({
        url: url.toString(),
        dataDir: null,
        route: {
          clientOptions: {
            stream: () => {
              sockets += 1;
              const socket = net.connect(Number(server.port || 5432), server.hostname);
              // As the connector's own socket does: it is already connecting, and pg calls connect() again.
              socket.connect = (() => socket) as typeof socket.connect;
              return socket;
            },
          },
          close: () => {
            closed = true;
          },
        },
      });
      await database.migrate();
      const heard: string[] = [];
      const stop = await database.listen(
        'routed',
        (payload) => heard.push(payload),
        () => undefined,
      );
      await database.db.execute(sql`select pg_notify('routed', 'through the connector')`);
      await waitFor(() => heard.length > 0);
      expect(heard).toEqual(['through the connector']);
      expect(sockets).toBeGreaterThanOrEqual(2);
      await stop();
      await database.close();
      expect(closed).toBe(true);
    });
  });

for (const kind of DATABASE_KINDS.filter((k) => k === 'postgres'))
  describe(`instances starting together after a schema change, on ${kind}`, () => {
    let target: TestDatabase;
    beforeAll(async () => {
      target = await createEmptyDatabase(kind);
    });
    afterAll(() => target.destroy());

    it('migrate one at a time: every instance starts, and each migration is applied once', async () => {
      const instances = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: target.url!, dataDir: null })));
      try {
        const started = await Promise.allSettled(instances.map((instance) => instance.migrate()));
        expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
          'started',
          'started',
          'started',
          'started',
        ]);
        const applied = (await target.db.execute(
          sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
        )) as unknown as { rows: { times: number }[] };
        const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
        expect(applied.rows).toHaveLength(journal.entries.length);
        expect(applied.rows.every((row) => row.times === 1)).toBe(true);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });
  });
