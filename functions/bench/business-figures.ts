// `npx tsx bench/business-figures.ts`: seeds BENCH_SUBSCRIPTIONS subscriptions (default 100,000)
// with two years of deliveries and some history, then times the owner's figures for the default
// range. Prints numbers only; nothing here passes or fails. Runs on PostgreSQL at DATABASE_URL
// (a database is made and dropped under it), or on embedded PGlite without one.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { openDatabase, type Database } from '../src/db/database';
import { businessFigures, deliveryDays, leaving, retention, subscribers } from '../src/read-models/business-figures';
import { defaultFiguresRange, monthsOfRange } from '@blooms/shared/contract/business-figures';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ url: null, dataDir: null });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `blooms_bench_figures_${Date.now()}`;
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new Client({ connectionString: process.env.DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function seed(database: Database) {
  const { db } = database;
  // Made over the last two years; a quarter Custom, a tenth gifts, some skips, pauses, holds and cancellations.
  await db.execute(sql`insert into subscriptions
      (first_name, last_name, email, phone, address, city, zip, plan, months, created_at, buyer_email,
       skipped_months, paused_from, paused_until, status, status_from, ends_after)
    select 'First' || i, 'Last' || i, 'subscriber' || i || '@example.com', '8015550100', i || ' Main St', 'Provo', '84601',
      case when i % 4 = 0 then 'custom' else 'yearly' end,
      case when i % 4 = 0 then array[1, 4, 7, 10] else array[1,2,3,4,5,6,7,8,9,10,11,12] end,
      now() - (i % 730) * interval '1 day',
      case when i % 10 = 0 then 'giver' || i || '@example.com' else '' end,
      case when i % 7 = 0 then array[to_char(now() - (i % 12) * interval '1 month', 'YYYY-MM')] else '{}' end,
      case when i % 13 = 0 then to_char(now() - (i % 6) * interval '1 month', 'YYYY-MM') end,
      case when i % 13 = 0 then to_char(now() - (i % 6 - 2) * interval '1 month', 'YYYY-MM') end,
      case when i % 9 = 0 then 'cancelled' when i % 17 = 0 then 'past-due' else 'active' end,
      to_char(now() - (i % 10) * interval '1 month', 'YYYY-MM'),
      case when i % 9 = 0 then to_char(now() - (i % 10 + 1) * interval '1 month', 'YYYY-MM') end
    from generate_series(1, ${SUBSCRIPTIONS}) as i`);
  // Delivered every month since it was made, up to last month; a few left at the door with a photo.
  await db.execute(sql`insert into deliveries (subscription_id, month, status, proof_image_key, updated_at)
    select s.id, to_char(m, 'YYYY-MM'), 'delivered', case when random() < 0.3 then 'proof.jpg' end, m + interval '12 days'
    from subscriptions s
      cross join generate_series(date_trunc('month', now()) - interval '24 months', date_trunc('month', now()) - interval '1 month', interval '1 month') as m
    where m >= date_trunc('month', s.created_at) and random() < 0.9`);
  await db.execute(sql`insert into subscription_events (subscription_id, actor_kind, actor, kind, detail, at)
    select id, 'subscriber', email, 'cancel', '{}'::jsonb, now() - (random() * 300) * interval '1 day' from subscriptions where status = 'cancelled'`);
  await db.execute(sql`insert into cancellation_reasons (subscription_id, reason, at)
    select id, 'moving', now() - (random() * 300) * interval '1 day' from subscriptions where status = 'cancelled'`);
  await db.execute(sql`analyze`);
}

async function main() {
  const { database, drop } = await open();
  try {
    const started = Date.now();
    await seed(database);
    console.log(`seeded ${SUBSCRIPTIONS} subscriptions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const now = new Date();
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      await businessFigures(database.db, {}, now);
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    const months = monthsOfRange(...(Object.values(defaultFiguresRange(studioDate(now).slice(0, 7))) as [string, string]));
    for (const [label, part] of [
      ['subscribers', () => subscribers(database.db, months)],
      ['leaving', () => leaving(database.db, months)],
      ['retention', () => retention(database.db, months, studioDate(now).slice(0, 7))],
      ['delivery days', () => deliveryDays(database.db, months, studioDate(now))],
    ] as const) {
      const start = performance.now();
      await part();
      console.log(`  ${label}: ${(performance.now() - start).toFixed(0)} ms`);
    }
    console.log(
      `business figures (${studioDate(now)}, default range), ${RUNS} runs: p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${percentile(timings, 95).toFixed(0)} ms`,
    );
  } finally {
    await drop();
  }
}

void main();
