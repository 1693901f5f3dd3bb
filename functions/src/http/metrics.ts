import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Db } from '../db/database';
import type { Logger } from '../infrastructure/logger';
import type { BillingRun } from '../services/billing';
import type { ChangeFeed } from '../infrastructure/change-feed';
import { outboxBacklog, type OutboxBacklog } from '../infrastructure/email-outbox';

/** Requests that matched no route are counted under this one label, so a scan of made-up paths makes no new series. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** How often, at most, each instance logs its gauges as structured fields (METRICS_LOG). */
const LOG_EVERY_MS = 60_000;

const ageSeconds = (since: Date | null) => (since ? Math.round((Date.now() - since.getTime()) / 1000) : 0);

/**
 * What operators watch, in one place: per-route request counts and latency, charges by
 * outcome, and, read when asked, the e-mail outbox backlog, live clients and database pool.
 * Served in Prometheus' text format at GET /metrics (self-hosted, with METRICS_TOKEN), and
 * written as structured log fields for Cloud Monitoring's log-based metrics (METRICS_LOG, on
 * Firebase). The names and labels are documented in docs/operations.md.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly charges: Counter<'outcome'>;
  private lastLoggedAt = 0;

  constructor(
    private readonly database: Database,
    /** The live feed, where this process serves it (not the api function on Firebase). */
    private readonly feed: ChangeFeed | null,
  ) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'blooms_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'blooms_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern (a live stream counts until it ends).',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.charges = new Counter({
      name: 'blooms_charges_total',
      help: "Monthly charges tried by this process's billing worker, by outcome: paid, declined, error (the provider did not answer).",
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['paid', 'declined', 'error']) this.charges.inc({ outcome }, 0);

    // The three outbox gauges are collected together on a scrape: they share one read.
    let reading: Promise<OutboxBacklog> | null = null;
    // (prom-client calls every collect in one synchronous loop, so they all get the read begun by the first.)
    const backlog = () => (reading ??= outboxBacklog(database.db).finally(() => (reading = null)));
    const outboxGauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(value(await backlog()));
        },
      });
    outboxGauge('blooms_outbox_unsent', 'E-mails queued and not yet sent (not counting those given up on).', (b) => b.unsent);
    outboxGauge('blooms_outbox_oldest_unsent_age_seconds', 'How long the oldest unsent e-mail has waited; 0 when none waits.', (b) =>
      ageSeconds(b.oldestUnsentAt),
    );
    outboxGauge(
      'blooms_outbox_given_up_last_day',
      'E-mails given up on in the last day after too many refused tries.',
      (b) => b.gaveUpLastDay,
    );

    new Gauge({
      name: 'blooms_live_clients',
      help: 'Staff screens following the live feed on this process.',
      registers,
      collect() {
        this.set(feed?.size ?? 0);
      },
    });
    new Gauge({
      name: 'blooms_db_pool_connections',
      help: 'Database connections of this process: max (the pool size), open, idle, and requests waiting for one. Absent on embedded PGlite.',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = database.poolStats();
        if (!pool) return;
        for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
      },
    });
  }

  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    this.requests.inc({ ...labels, status: String(status) });
    this.latency.observe(labels, seconds);
  }

  countCharges(run: BillingRun): void {
    this.charges.inc({ outcome: 'paid' }, run.paid);
    this.charges.inc({ outcome: 'declined' }, run.declined);
    this.charges.inc({ outcome: 'error' }, run.failed);
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** This instance's gauges as structured log fields, at most once a minute (METRICS_LOG). */
  logInstance(log: FastifyBaseLogger): void {
    const now = Date.now();
    if (now - this.lastLoggedAt < LOG_EVERY_MS) return;
    this.lastLoggedAt = now;
    log.info({ metric: 'instance', liveClients: this.feed?.size ?? 0, dbPool: this.database.poolStats() }, 'instance metrics');
  }

  /** Each live stream opened or closed logs how many this instance now has: its requests end too seldom for logInstance. */
  logLiveClients(log: FastifyBaseLogger): void {
    if (this.feed) this.feed.onSizeChange = (liveClients) => log.info({ metric: 'live', liveClients }, 'live clients');
  }
}

/** The outbox backlog as structured log fields: the scheduled outbox function logs it every run (METRICS_LOG). */
export async function logOutboxBacklog(db: Db, log: Logger): Promise<void> {
  const backlog = await outboxBacklog(db);
  log.info(
    {
      metric: 'outbox',
      unsent: backlog.unsent,
      oldestUnsentAgeSeconds: ageSeconds(backlog.oldestUnsentAt),
      gaveUpLastDay: backlog.gaveUpLastDay,
    },
    'outbox backlog',
  );
}

/** Whether the request carries the metrics token, compared in constant time. */
function hasToken(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every request of the app, and serves GET /metrics to holders of METRICS_TOKEN (no
 * token set: no endpoint). With METRICS_LOG the instance's gauges go to the log as well.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, settings: { token: string | null; log: boolean }): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    if (settings.log) metrics.logInstance(app.log);
  });
  if (settings.log) metrics.logLiveClients(app.log);
  const { token } = settings;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!hasToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .header('Cache-Control', 'no-store')
        .send({ error: 'unauthenticated', message: 'The metrics need the METRICS_TOKEN as a bearer token.' });
    }
    return reply
      .type(metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.text());
  });
}
