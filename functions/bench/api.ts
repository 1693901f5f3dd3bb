// `pnpm bench:api`: seeds 10,000 subscriptions, then measures the month list under load, how
// long a status change takes to reach 100 connected live clients, and one request assigning
// 1,000 deliveries, and whether asking for a sign-in link answers as fast for a stranger's
// address as for a subscriber's. Prints numbers only; nothing here passes or fails. Runs on embedded PGlite,
// or on DATABASE_URL when set. BENCH_ONLY=figures times the owner's figures instead (business-figures.ts),
// BENCH_ONLY=writers what the version counters cost concurrent writers (writers.ts, PostgreSQL only).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { subscriptions, users } from '../src/db/schema';
import { freePort, startAuthEmulator, waitForHttp } from '../../scripts/lib/auth-emulator.cjs';
import { monthKey } from '@blooms/shared/contract/months';
import { sseDataParser } from '@blooms/shared/contract/sse';
import { signInWithGoogle } from '../test/support/identities';
import { benchBusinessFigures } from './business-figures';
import { benchWriters } from './writers';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 100);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BULK_ASSIGN = Number(process.env.BENCH_BULK_ASSIGN ?? 1000);
const SIGN_IN_LINKS = Number(process.env.BENCH_SIGN_IN_LINKS ?? 100);
// BENCH_ONLY=search measures only the uncached search (a different name each request), e.g. at 100,000 subscriptions.
const ONLY_SEARCH = process.env.BENCH_ONLY === 'search';
// BENCH_ONLY=figures measures only the owner's figures, cold and warm, at 100,000 subscriptions with two years of history (business-figures.ts).
const ONLY_FIGURES = process.env.BENCH_ONLY === 'figures';
// BENCH_ONLY=writers measures what the version counters cost concurrent writers on PostgreSQL (writers.ts).
const ONLY_WRITERS = process.env.BENCH_ONLY === 'writers';
const CITIES = [
  ['Salt Lake City', '84111'],
  ['Provo', '84601'],
  ['Ogden', '84401'],
  ['Sandy', '84070'],
  ['Orem', '84057'],
] as const;
/**
 * The month list as the dashboard asks for it: everything, a filtered view, a search. The
 * server keeps a page until something in it changes, so asking for one again is mostly served
 * from memory; the last view asks for a different name every time, so every page is read.
 */
const LIST_VIEWS: { label: string; query: () => string }[] = [
  { label: 'first page', query: () => '' },
  { label: 'filtered (city Provo, delivery this month)', query: () => '&city=Provo&scheduled=yes' },
  { label: 'searched ("Last4242")', query: () => '&q=Last4242' },
  { label: 'searched, another name each time (never kept)', query: () => `&q=Last${Math.floor(Math.random() * SUBSCRIPTIONS)}` },
];
const PROJECT = 'demo-blooms-bench';
const ADMIN = 'bench-admin@blooms.example';
const month = monthKey(new Date());

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function prepareDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-bench-'));
  let url: string | null = null;
  let dropDatabase = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    const name = `blooms_bench_${Date.now()}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ url, dataDir: url ? null : path.join(dataDir, 'pglite') });
  await database.migrate();
  await database.db.insert(users).values({ name: 'Bench Admin', email: ADMIN, role: 'admin' });
  const started = Date.now();
  const batch = 1000;
  for (let i = 0; i < SUBSCRIPTIONS; i += batch) {
    await database.db.insert(subscriptions).values(
      Array.from({ length: Math.min(batch, SUBSCRIPTIONS - i) }, (_, j) => {
        const n = i + j;
        return {
          firstName: `First${n}`,
          lastName: `Last${n}`,
          email: `subscriber${n}@example.com`,
          phone: '8015550100',
          address: `${n} S State St`,
          unit: n % 3 === 0 ? `Apt ${n % 50}` : '',
          city: CITIES[n % CITIES.length]![0],
          state: 'UT' as const,
          zip: CITIES[n % CITIES.length]![1],
          deliveryNotes: n % 2 === 0 ? 'Please leave the vase by the side door if nobody answers.' : '',
          plan: n % 4 === 0 ? ('custom' as const) : ('yearly' as const),
          months: n % 4 === 0 ? [1, 4, 7, 10] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
        };
      }),
    );
  }
  // As a live database would have it: statistics for the planner (autovacuum would gather them within a minute).
  await database.db.execute(sql`analyze`);
  await database.close();
  console.log(
    `seeded ${SUBSCRIPTIONS} subscriptions in ${((Date.now() - started) / 1000).toFixed(1)} s (${url ? 'PostgreSQL' : 'PGlite'})`,
  );
  const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir };
  return {
    env,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchMonthList(baseUrl: string, token: string, query: () => string) {
  const result = await autocannon({
    url: baseUrl,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/subscriptions?month=${month}${query()}` }) }],
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentileFromHistogram(result) : NaN,
    p99: result.latency.p99,
    rps: result.requests.average,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** autocannon reports p90 and p97.5, not p95: interpolate between them. */
function percentileFromHistogram(result: autocannon.Result): number {
  const { p90, p97_5 } = result.latency;
  return p90 + ((p97_5 - p90) * (95 - 90)) / (97.5 - 90);
}

async function benchFanOut(baseUrl: string, token: string) {
  const arrivals = new Map<string, number[]>();
  const aborts: AbortController[] = [];
  let connected = 0;
  await Promise.all(
    Array.from({ length: LIVE_CLIENTS }, async () => {
      const abort = new AbortController();
      aborts.push(abort);
      const response = await fetch(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
      connected += 1;
      void (async () => {
        const decoder = new TextDecoder();
        const feed = sseDataParser((data) => {
          const event = JSON.parse(data);
          if (event.type === 'delivery') {
            const key = `${event.delivery.subscriptionId}:${event.delivery.status}`;
            const at = performance.now();
            const times = arrivals.get(key);
            if (times) times.push(at);
            else arrivals.set(key, [at]);
          }
        });
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
        } catch {
          // aborted at the end
        }
      })();
    }),
  );
  const page = (await (
    await fetch(`${baseUrl}/api/subscriptions?month=${month}&limit=500`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    rows: { id: string; delivery: { scheduled: boolean } }[];
  };
  // One change more than measured: the first after start also compiles the status route and
  // the fan-out path (its arrivals came 40-70 ms later than the rest), so it is not counted.
  const [warmUp, ...targets] = page.rows.filter((row) => row.delivery.scheduled).slice(0, CHANGES + 1);
  const delays: number[] = [];
  for (const target of [warmUp!, ...targets]) {
    const sentAt = performance.now();
    const response = await fetch(`${baseUrl}/api/deliveries/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subscriptionId: target.id, month, expectedStatus: 'not-started' }),
    });
    if (!response.ok) throw new Error(`status change failed: ${response.status}`);
    const key = `${target.id}:out-for-delivery`;
    const deadline = Date.now() + 5000;
    while ((arrivals.get(key)?.length ?? 0) < LIVE_CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    if (target !== warmUp) for (const at of arrivals.get(key) ?? []) delays.push(at - sentAt);
    await new Promise((r) => setTimeout(r, 50));
  }
  aborts.forEach((a) => a.abort());
  delays.sort((a, b) => a - b);
  return {
    clients: connected,
    changes: targets.length,
    arrivals: delays.length,
    expected: targets.length * LIVE_CLIENTS,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
  };
}

/** One request assigning 1,000 of the month's deliveries, a few times over (each a full reassignment). */
async function benchBulkAssign(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (let cursor: string | null = null; ids.length < BULK_ASSIGN;) {
    const query: string = `month=${month}&limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const page = (await (await fetch(`${baseUrl}/api/subscriptions?${query}`, { headers })).json()) as {
      rows: { id: string; delivery: { scheduled: boolean } }[];
      nextCursor: string | null;
    };
    ids.push(...page.rows.filter((row) => row.delivery.scheduled).map((row) => row.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const chosen = ids.slice(0, BULK_ASSIGN);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/deliveries/assign`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ month, subscriptionIds: chosen, assigneeEmail: ADMIN }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`bulk assign failed: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { deliveries: chosen.length, median: percentile(times, 50), max: times.at(-1)! };
}

/**
 * Asking for an account sign-in link, alternately for a subscriber's address and a stranger's,
 * each address once: the two answers should take the same time, or the timing tells who subscribes.
 */
async function benchSignInLinks(baseUrl: string) {
  const times: Record<'subscriber' | 'stranger', number[]> = { subscriber: [], stranger: [] };
  for (let i = 0; i < SIGN_IN_LINKS; i++) {
    for (const who of ['subscriber', 'stranger'] as const) {
      const email = who === 'subscriber' ? `subscriber${i}@example.com` : `stranger${i}@example.com`;
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/account/sign-in-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`sign-in link answered ${response.status}`);
      times[who].push(performance.now() - started);
    }
  }
  return Object.entries(times).map(([who, list]) => {
    list.sort((a, b) => a - b);
    return { who, p50: percentile(list, 50), p95: percentile(list, 95) };
  });
}

async function main() {
  if (ONLY_FIGURES) return benchBusinessFigures();
  if (ONLY_WRITERS) return benchWriters();
  const { env, cleanup } = await prepareDatabase();
  const emulator = await startAuthEmulator({ projectId: PROJECT });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE_DIR=/some/dir writes a CPU profile of the server there.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const server = spawn(path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'), [...profile, 'src/main.ts'], {
    cwd: path.join(__dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SERVE_STATIC: 'false',
      DEMO_DATA: 'false',
      ADMIN_EMAILS: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
    },
  });
  try {
    await waitForHttp(`${baseUrl}/api/health`, 120_000);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    const { idToken: token } = await signInWithGoogle(ADMIN);
    // Warm up: the first verification and query plans.
    await fetch(`${baseUrl}/api/subscriptions?month=${month}`, { headers: { authorization: `Bearer ${token}` } });

    const lists = [];
    for (const view of ONLY_SEARCH ? LIST_VIEWS.slice(-1) : LIST_VIEWS)
      lists.push({ ...view, ...(await benchMonthList(baseUrl, token, view.query)) });
    if (ONLY_SEARCH) {
      const [search] = lists;
      console.log(
        '\nUncached search (%d subscriptions, %s, %d connections, %d s): p50 %d ms, p95 %s ms, p99 %d ms, %s requests/s, %d errors',
        SUBSCRIPTIONS,
        process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        CONNECTIONS,
        DURATION_S,
        search!.p50,
        search!.p95.toFixed(1),
        search!.p99,
        search!.rps.toFixed(1),
        search!.errors,
      );
      return;
    }
    const fanOut = await benchFanOut(baseUrl, token);
    const bulk = await benchBulkAssign(baseUrl, token);
    const links = await benchSignInLinks(baseUrl);
    console.log(
      '\nMonth list (GET /api/subscriptions, pages of 100, %d subscriptions, %d connections, %d s each, gzip)',
      SUBSCRIPTIONS,
      CONNECTIONS,
      DURATION_S,
    );
    console.log('| view | p50 ms | p95 ms | p99 ms | requests/s | KB per response | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const list of lists) {
      console.log(
        `| ${list.label} | ${list.p50} | ${list.p95.toFixed(1)} | ${list.p99} | ${list.rps.toFixed(1)} | ${(list.bytes / 1024).toFixed(0)} | ${list.errors} |`,
      );
    }
    console.log('\nLive fan-out (status change -> arrival at each of %d live clients, %d changes)', LIVE_CLIENTS, fanOut.changes);
    console.log('| clients | arrivals | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    console.log(`| ${fanOut.clients} | ${fanOut.arrivals}/${fanOut.expected} | ${fanOut.p50.toFixed(1)} | ${fanOut.p99.toFixed(1)} |`);
    console.log('\nBulk assign (POST /api/deliveries/assign of %d deliveries in one request, 5 rounds)', bulk.deliveries);
    console.log('| deliveries | median ms | max ms |');
    console.log('|---|---|---|');
    console.log(`| ${bulk.deliveries} | ${bulk.median.toFixed(0)} | ${bulk.max.toFixed(0)} |`);
    console.log(
      "\nSign-in link answer (POST /api/account/sign-in-link, %d subscribers' and %d strangers' addresses, alternately)",
      SIGN_IN_LINKS,
      SIGN_IN_LINKS,
    );
    console.log('| address | p50 ms | p95 ms |');
    console.log('|---|---|---|');
    for (const { who, p50, p95 } of links) console.log(`| ${who} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await emulator.stop();
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
