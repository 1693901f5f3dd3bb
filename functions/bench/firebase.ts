// `pnpm bench:firebase`: cold and warm figures of the deployment on the Firebase emulators (the
// `pnpm firebase:emulate` stack). Each run starts the stack on a fresh database, times the first
// request each function gets (its cold start: the emulator starts a worker process, loads the
// bundle, and the function starts its part; of that, what its Server-Timing says the app's start
// took), then warm requests through Hosting. Prints numbers
// only. Needs a PostgreSQL server: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
// FIREBASE_BENCH_RUNS (default 3) runs.
import { freshDatabase, prepareDeployment, startEmulatorStack } from '../deploy/emulator-stack';
import { median, signIn } from '../firebase-suite/support';
import { COLD_START_TIMING } from '../src/firebase/request-adapter';

const RUNS = Number(process.env.FIREBASE_BENCH_RUNS ?? 3);
const WARM_REQUESTS = 50;
const ADMIN = 'admin@blooms.example';

async function timed(request: () => Promise<Response>): Promise<number> {
  return (await timedWithStart(request)).total;
}

/** A request's time, and how much of it the function's instance spent starting its app (its Server-Timing). */
async function timedWithStart(request: () => Promise<Response>): Promise<{ total: number; appStart: number }> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  const total = performance.now() - started;
  const appStart = new RegExp(`${COLD_START_TIMING};dur=(\\d+)`).exec(response.headers.get('server-timing') ?? '');
  return { total, appStart: appStart ? Number(appStart[1]) : 0 };
}

async function warm(request: () => Promise<Response>): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARM_REQUESTS; i++) times.push(await timed(request));
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

const range = (values: number[], unit: string, digits = 0) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)} ${unit} (median ${median(values).toFixed(digits)})`;

async function main(): Promise<void> {
  await prepareDeployment({ rebuild: 'stale' });
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const figures: Record<string, number[]> = {};
  const add = (name: string, value: number) => (figures[name] ??= []).push(value);
  for (let run = 1; run <= RUNS; run++) {
    const database = await freshDatabase(server, 'firebase_bench');
    try {
      const started = performance.now();
      const stack = await startEmulatorStack({
        databaseUrl: database.url,
        settings: { ADMIN_EMAILS: ADMIN },
        projectId: 'demo-blooms-bench',
      });
      try {
        add('stack up (s)', (performance.now() - started) / 1000);
        const host = stack.siteUrl('host');
        for (const [name, request] of [
          ['pages: first /', () => fetch(`${host}/`)],
          ['api: first /api/health', () => fetch(`${host}/api/health`)],
          ['live: first call', () => fetch(`${stack.functionUrl('live')}/api/live`)],
        ] as const) {
          const { total, appStart } = await timedWithStart(request);
          add(`cold ${name} (ms)`, total);
          add(`cold ${name}: the app's start in it (ms)`, appStart);
        }
        const asAdmin = { Authorization: `Bearer ${await signIn(stack.authHost, ADMIN)}` };
        const page = await warm(() => fetch(`${host}/how-it-works`));
        const config = await warm(() => fetch(`${host}/app-config.json`));
        const api = await warm(() => fetch(`${host}/api/me`, { headers: asAdmin }));
        const file = await warm(() => fetch(`${stack.siteUrl('marketing')}/remoteEntry.js`));
        add('warm page /how-it-works, median (ms)', page.median);
        add('warm page /how-it-works, p95 (ms)', page.p95);
        add('warm /app-config.json, median (ms)', config.median);
        add('warm /api/me with a token, median (ms)', api.median);
        add('warm /api/me with a token, p95 (ms)', api.p95);
        add('a Hosting file (remoteEntry.js), median (ms)', file.median);
        console.log(
          `run ${run}: ${Object.entries(figures)
            .map(([name, values]) => `${name} ${values.at(-1)!.toFixed(1)}`)
            .join('; ')}`,
        );
      } finally {
        await stack.stop();
      }
    } finally {
      await database.drop();
    }
  }
  console.log(`\nFirebase emulators, ${RUNS} runs (${WARM_REQUESTS} warm requests each)`);
  for (const [name, values] of Object.entries(figures)) {
    const [what, unit] = /^(.*) \((\w+)\)$/.exec(name)!.slice(1) as [string, string];
    console.log(`  ${what.padEnd(58)} ${range(values, unit, unit === 's' ? 1 : unit === 'ms' && values.every((v) => v < 100) ? 1 : 0)}`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
