// `BENCH_ONLY=writers DATABASE_URL=postgres://... pnpm bench:api` (or `npx tsx bench/writers.ts`):
// what the two version counters (month_list_version, migration 0015; figures_version, migration
// 0026) cost writers. Every transaction that changes a table they watch bumps a single row at
// commit, so concurrent writers queue on that row's lock. A delivery day on PostgreSQL: DRIVERS
// drivers (default 50) each take their STOPS stops (default 40) out for delivery and deliver
// them (two status changes a stop, through the same service as the dashboard), while the billing
// run charges BILLING subscriptions (default 1,000) through the test provider. Run with the
// counter triggers as migrated, then with them dropped, ROUNDS times each (default 2), each on
// a database of its own made and dropped under DATABASE_URL. Prints numbers only; nothing here
// passes or fails. PostgreSQL only: embedded PGlite runs one transaction at a time.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { defaultDeliveryDate, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths, monthKey, type MonthKey } from '@blooms/shared/contract/months';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import type { Database } from '../src/db/database';
import { ownDatabase } from './own-database';
import { localProvider } from '../src/payments/local-provider';
import { chargeDueMonths } from '../src/services/billing';
import { billingDue } from '../src/services/billing-due';
import { advanceStatus } from '../src/services/deliveries';

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 50);
const STOPS = Number(process.env.BENCH_STOPS ?? 40);
const BILLING = Number(process.env.BENCH_BILLING ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
// Connections for queries: several server instances' pools together (one instance's default is 2 per core, at least 4).
const POOL = Number(process.env.BENCH_POOL ?? 20);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The counters' row triggers, and those recording what a write touched for the kept figures (migration 0034); the TRUNCATE ones only matter to tests and the demo reset. */
async function dropCounterTriggers(database: Database): Promise<number> {
  const { rows } = (await database.db.execute(
    sql`select tgname, tgrelid::regclass::text as tablename from pg_trigger
         where tgname like '%\_month\_list\_changed' or tgname like '%\_figures\_changed' or tgname like '%\_figures\_touched\_%'`,
  )) as unknown as { rows: { tgname: string; tablename: string }[] };
  for (const { tgname, tablename } of rows) await database.db.execute(sql.raw(`DROP TRIGGER "${tgname}" ON "${tablename}"`));
  return rows.length;
}

/**
 * Drivers with their stops for the month, assigned and already paid; and subscriptions whose
 * month is not paid yet, with a saved card: the billing run charges those.
 */
async function seed(database: Database, month: MonthKey): Promise<UserRecord[]> {
  const { db } = database;
  await db.execute(sql`insert into users (name, email, role)
    select 'Driver ' || d, 'driver' || d || '@blooms.example', 'employee' from generate_series(1, ${DRIVERS}) as d`);
  await db.execute(sql`insert into subscriptions (first_name, last_name, email, phone, address, city, zip, plan, months, provider_customer_id)
    select 'First' || i, 'Last' || i, 'subscriber' || i || '@example.com', '8015550100', i || ' Main St', 'Provo', '84601', 'yearly',
      array[1,2,3,4,5,6,7,8,9,10,11,12], 'cus_bench_' || i
    from generate_series(1, ${DRIVERS * STOPS + BILLING}) as i`);
  await db.execute(sql`insert into deliveries (subscription_id, month, status, assignee_id)
    select s.id, ${month}, 'not-started', u.id
    from (select id, row_number() over (order by email) - 1 as n from subscriptions) s
      join (select id, row_number() over (order by email) - 1 as n from users) u on u.n = s.n % ${DRIVERS}
    where s.n < ${DRIVERS * STOPS}`);
  await db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, actor_kind, actor)
    select subscription_id, 'charge', month, ${PRICE_PER_MONTH_CENTS}, 'pi_bench_' || subscription_id, 'provider', 'bench' from deliveries`);
  await db.execute(sql`analyze`);
  const { rows } = (await db.execute(sql`select id, name, email, role from users order by email`)) as unknown as { rows: UserRecord[] };
  return rows;
}

interface Result {
  /** Backends of this database found waiting on a lock, on average, sampled every 50 ms during the day. */
  lockWaiters: number;
  statusChanges: number;
  wallMs: number;
  latencies: number[];
  billingMs: number;
  charged: number;
}

/** The delivery day: every driver's stops, out for delivery then delivered, while the billing run charges the month. */
async function deliveryDay(database: Database, url: string, drivers: UserRecord[], month: MonthKey): Promise<Result> {
  const { db } = database;
  const { rows: stops } = (await db.execute(
    sql`select subscription_id as "subscriptionId", assignee_id as "assigneeId" from deliveries where month = ${month}`,
  )) as unknown as { rows: { subscriptionId: string; assigneeId: string }[] };
  const latencies: number[] = [];
  const now = new Date(studioMidnight(defaultDeliveryDate(month)).getTime() + 12 * 3600_000);
  const site = { ...DEFAULT_SITE_CONTACT, accountUrl: 'https://blooms.example/account' };
  const sampler = new Client({ connectionString: url });
  await sampler.connect();
  const samples: number[] = [];
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      samples.push(rows[0]!.waiting);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  const driving = drivers.map(async (driver) => {
    for (const stop of stops.filter((s) => s.assigneeId === driver.id)) {
      for (const expectedStatus of ['not-started', 'out-for-delivery']) {
        const began = performance.now();
        await advanceStatus(db, driver, { subscriptionId: stop.subscriptionId, month, expectedStatus });
        latencies.push(performance.now() - began);
      }
    }
  });
  const billing = (async () => {
    const began = performance.now();
    const { run } = await chargeDueMonths(db, localProvider(db), site, quiet, now, await billingDue(db, studioDate(now)));
    return { ms: performance.now() - began, charged: run.paid };
  })();
  await Promise.all(driving);
  const wallMs = performance.now() - start;
  const bill = await billing;
  sampling = false;
  await sampled;
  await sampler.end();
  const lockWaiters = samples.reduce((sum, n) => sum + n, 0) / Math.max(1, samples.length);
  return {
    lockWaiters,
    statusChanges: latencies.length,
    wallMs,
    latencies: latencies.sort((a, b) => a - b),
    billingMs: bill.ms,
    charged: bill.charged,
  };
}

const line = (label: string, r: Result) =>
  `${label.padEnd(22)} ${String(r.statusChanges).padStart(5)} status changes in ${(r.wallMs / 1000).toFixed(1)} s ` +
  `(${((r.statusChanges / r.wallMs) * 1000).toFixed(0)}/s; each p50 ${percentile(r.latencies, 50).toFixed(1)} ms, ` +
  `p95 ${percentile(r.latencies, 95).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, max ${r.latencies.at(-1)!.toFixed(0)} ms); ` +
  `billing run ${r.charged} charges in ${(r.billingMs / 1000).toFixed(1)} s (${((r.charged / r.billingMs) * 1000).toFixed(0)}/s); ` +
  `${r.lockWaiters.toFixed(2)} connections waiting on a lock on average`;

export async function benchWriters() {
  if (!process.env.DATABASE_URL) {
    console.log('BENCH_ONLY=writers needs DATABASE_URL (PostgreSQL): embedded PGlite runs one transaction at a time.');
    return;
  }
  const month = addMonths(monthKey(new Date()), 1);
  console.log(
    `Writers on a delivery day (${month}): ${DRIVERS} drivers x ${STOPS} stops, 2 status changes each, ` +
      `with a billing run of ${BILLING} charges at once; ${POOL} connections; ${os.cpus().length} CPUs; ${ROUNDS} rounds.`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternating which goes first, so a warmer machine favours neither.
    const variants = round % 2 === 1 ? [true, false] : [false, true];
    for (const withCounters of variants) {
      const { database, url, drop } = await ownDatabase(`blooms_bench_writers_${withCounters ? 'with' : 'without'}_${process.pid}`, {
        poolSize: POOL,
        applicationName: 'bench-writers',
      });
      try {
        const dropped = withCounters ? 0 : await dropCounterTriggers(database);
        const drivers = await seed(database, month);
        const result = await deliveryDay(database, url, drivers, month);
        const label = withCounters ? 'with counters' : `without (${dropped} dropped)`;
        console.log(`round ${round} ${line(label, result)}`);
      } finally {
        await drop();
      }
    }
  }
}

if (process.argv[1]?.endsWith('writers.ts')) void benchWriters();
