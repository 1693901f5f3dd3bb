// `BENCH_ONLY=figures pnpm bench:api` (or `npx tsx bench/business-figures.ts`): seeds
// BENCH_FIGURES_SUBSCRIPTIONS subscriptions (default 100,000) with two years of deliveries,
// charges, refunds and some history, then times the owner's figures for the default range: a read
// of them (BENCH_FIGURES_RUNS times, default 5), and requests while the data changes (see
// benchBusinessFigures). Prints numbers only; nothing here passes
// or fails. Runs on PostgreSQL at DATABASE_URL (a database is made and dropped under it, named
// BENCH_FIGURES_DATABASE if given), or on embedded PGlite without one.
import { sql } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { openDatabase, type Database } from '../src/db/database';
import { ownDatabase } from './own-database';
import { businessFigures, FIGURE_PARTS } from '../src/read-models/business-figures';
import { KeptFigures } from '../src/read-models/kept-figures';
import { defaultFiguresRange, monthsOfRange } from '@blooms/shared/contract/business-figures';

const SUBSCRIPTIONS = Number(process.env.BENCH_FIGURES_SUBSCRIPTIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_FIGURES_RUNS ?? 5);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ url: null, dataDir: null });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  return ownDatabase(process.env.BENCH_FIGURES_DATABASE ?? `blooms_bench_figures_${Date.now()}`);
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
  // Each delivered month charged a few days before it; one in fifty partly refunded after it.
  await db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, actor_kind, actor, at)
    select subscription_id, 'charge', month, ${PRICE_PER_MONTH_CENTS}, 'pi_' || subscription_id || '_' || month, 'provider', 'bench',
      to_date(month || '-01', 'YYYY-MM-DD') + interval '3 days'
    from deliveries`);
  await db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, entry_ref, delivery, actor_kind, actor, at)
    select subscription_id, 'refund', month, -2500, 'pi_' || subscription_id || '_' || month, 're_' || subscription_id || '_' || month, 'kept',
      'staff', 'boss@blooms.example', to_date(month || '-01', 'YYYY-MM-DD') + interval '20 days'
    from deliveries where random() < 0.02`);
  await db.execute(sql`insert into subscription_events (subscription_id, actor_kind, actor, kind, detail, at)
    select id, 'subscriber', email, 'cancel', '{}'::jsonb, now() - (random() * 300) * interval '1 day' from subscriptions where status = 'cancelled'`);
  await db.execute(sql`insert into cancellation_reasons (subscription_id, reason, at)
    select id, 'moving', now() - (random() * 300) * interval '1 day' from subscriptions where status = 'cancelled'`);
  await db.execute(sql`analyze`);
}

const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`;
};

/**
 * A write that moves the figures version, as any change to what they are read from does, and
 * touches every kept part (read-models/kept-figure-parts.ts): a row added to a subscription's
 * history, the subscription changed, its stop this month delivered, and a charge in the ledger.
 */
async function aWrite(db: Database['db'], subscriptionId: string | null) {
  const month = studioDate(new Date()).slice(0, 7);
  // Awaited here: drizzle runs a query only once it is awaited.
  await db.execute(
    sql`insert into subscription_events (subscription_id, actor_kind, actor, kind, detail) values (${subscriptionId}, 'staff', 'bench', 'note', '{}')`,
  );
  await db.execute(sql`update subscriptions set vases_out = 1 - vases_out where id = ${subscriptionId}`);
  await db.execute(sql`insert into deliveries (subscription_id, month, status, updated_at) values (${subscriptionId}, ${month}, 'delivered', now())
    on conflict (subscription_id, month) do update set updated_at = now()`);
  await db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, actor_kind, actor)
    values (${subscriptionId}, 'adjustment', ${month}, 1, ${`bench_${Date.now()}_${Math.random()}`}, 'staff', 'bench')`);
}

/**
 * Times the figures as the admin route serves them (read-models/kept-figures.ts), in process (no
 * HTTP): first a read of them (what a recompute takes: how far behind the figures served can be,
 * on top of the time since the last write), then requests one after another every
 * BENCH_FIGURES_GAP_MS (default 100) for BENCH_FIGURES_SECONDS (default 30) while a write is made
 * every BENCH_FIGURES_WRITE_MS (default 1,000): each answered with the figures kept, refreshed in
 * the background. Then each part of a read on its own.
 */
export async function benchBusinessFigures() {
  const { database, drop } = await open();
  try {
    const started = Date.now();
    await seed(database);
    console.log(`seeded ${SUBSCRIPTIONS} subscriptions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { db } = database;
    const now = new Date();
    const thisMonth = studioDate(now).slice(0, 7);
    const {
      rows: [someone],
    } = (await db.execute(sql`select id from subscriptions limit 1`)) as unknown as { rows: { id: string }[] };
    const someoneId = someone?.id ?? null;

    // The first read keeps every part (migration 0034; once, on the first start after it).
    const firstKept = await timed(() => businessFigures(db, {}, new Date()));
    const recomputes: number[] = [];
    const fullReads: number[] = [];
    const firstLooks: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await aWrite(db, someoneId);
      recomputes.push(await timed(() => businessFigures(db, {}, new Date())));
      await aWrite(db, someoneId);
      // What a server just started answers first: nothing in memory, the parts kept in the database.
      firstLooks.push(await timed(() => new KeptFigures(db).figures({}, new Date())));
      fullReads.push(await timed(() => businessFigures(db, {}, new Date(), 'full')));
    }

    const seconds = Number(process.env.BENCH_FIGURES_SECONDS ?? 30);
    const gapMs = Number(process.env.BENCH_FIGURES_GAP_MS ?? 100);
    const writeMs = Number(process.env.BENCH_FIGURES_WRITE_MS ?? 1000);
    const kept = new KeptFigures(db);
    const firstRequest = await timed(() => kept.figures({}, new Date()));
    let writes = 0;
    const writer = setInterval(() => {
      writes += 1;
      void aWrite(db, someoneId);
    }, writeMs);
    const requests: number[] = [];
    const behind: number[] = [];
    let refreshing = 0;
    const until = Date.now() + seconds * 1000;
    try {
      while (Date.now() < until) {
        const asked = new Date();
        const startedAt = performance.now();
        const answer = await kept.figures({}, asked);
        requests.push(performance.now() - startedAt);
        behind.push(asked.getTime() - Date.parse(answer.asOf));
        if (answer.refreshing) refreshing += 1;
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    } finally {
      clearInterval(writer);
    }

    console.log(`business figures (${studioDate(now)}, default range, ${SUBSCRIPTIONS} subscriptions, ${database.kind}):`);
    console.log(`  the first read, keeping every part (nothing kept yet): ${firstKept.toFixed(0)} ms`);
    console.log(
      `  a read of the figures (a recompute; the first request for a range waits for one): ${summary(recomputes)} (${RUNS} runs, a write before each)`,
    );
    console.log(`  the first look after a start (a write before it, the parts kept): ${summary(firstLooks)}`);
    console.log(`  a read of the figures whole from the tables (as before migration 0034): ${summary(fullReads)}`);
    console.log(`  first request, nothing kept yet: ${firstRequest.toFixed(0)} ms`);
    console.log(
      `  requests while the data changes (a write every ${writeMs} ms, ${writes} in all; a request every ${gapMs} ms for ${seconds} s, ${requests.length} requests, ${refreshing} answered while newer figures were being read): ${summary(requests)}`,
    );
    console.log(
      `  how old the figures answered were (request time less asOf): ${summary(behind)}, max ${Math.max(...behind).toFixed(0)} ms`,
    );

    const months = monthsOfRange(...(Object.values(defaultFiguresRange(thisMonth)) as [string, string]));
    const sets = await FIGURE_PARTS.setsFor(db, months, thisMonth);
    console.log('  each part of a read on its own:');
    for (const [label, part] of [
      ['month sets (subscribers, money, retention, deliveries by month)', () => FIGURE_PARTS.setsFor(db, months, thisMonth)],
      ['subscribers made and cancelled', () => FIGURE_PARTS.subscribers(db, months, sets)],
      ['money from the ledger', () => FIGURE_PARTS.money(db, months, thisMonth, sets)],
      ['leaving', () => FIGURE_PARTS.leaving(db, months)],
      ['delivery days', () => FIGURE_PARTS.deliveryDays(db, months, studioDate(now), sets)],
    ] as const)
      console.log(`    ${label}: ${(await timed(part)).toFixed(0)} ms`);
  } finally {
    await drop();
  }
}

if (process.argv[1]?.endsWith('business-figures.ts')) void benchBusinessFigures();
