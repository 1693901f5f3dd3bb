/**
 * How the deployment on Firebase is sized, and who each function runs as. Read by the
 * functions' entry (index.ts), the firebase.json writer (the region of Hosting's rewrites) and
 * test/firebase-functions.test.ts, which checks the manifest `firebase deploy` reads against it.
 */

/** Where the functions run unless FUNCTIONS_REGION says otherwise: Salt Lake City, beside the studio and its customers. */
export const DEFAULT_REGION = 'us-west3';

export const FUNCTION_NAMES = ['api', 'live', 'pages', 'outbox', 'billing'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/**
 * The Cloud SQL tier the sizing below is made for. PostgreSQL keeps `reserved` of its
 * connections for Cloud SQL's superuser, and we keep `headroom` free for people: an
 * operator's psql or Cloud SQL Studio, an export.
 */
export const DATABASE_TIER = { name: 'db-f1-micro', maxConnections: 25, reserved: 3, headroom: 2 } as const;

/** What the functions together may hold open: 25 - 3 - 2 = 20. */
export const CONNECTION_BUDGET = DATABASE_TIER.maxConnections - DATABASE_TIER.reserved - DATABASE_TIER.headroom;

export interface FunctionSizing {
  /** Instances kept running while no request comes, so that nobody waits for one to start (each one billed all month). */
  minInstances: number;
  /** Instances Cloud Functions may run at once (it would start up to 100). */
  maxInstances: number;
  /** Requests one instance serves at once. */
  concurrency: number;
  /** Connections an instance opens for queries (migrations at start use one of them). */
  pool: number;
  /** Connections an instance holds for LISTEN: the live feed's. */
  listeners: number;
  memory: '256MiB' | '512MiB';
  timeoutSeconds: number;
}

/**
 * THE RULE: every instance of a function opens at most pool + listeners connections, and a
 * function runs at most maxInstances instances, so the sum over the functions of
 * maxInstances x (pool + listeners) must stay within CONNECTION_BUDGET:
 *
 *   api 3 x (3 + 0) + live 2 x (2 + 1) + outbox 1 x 2 + billing 1 x 2 + pages 0 = 19 <= 20
 *
 * Raise one figure and lower another, or move to a larger tier (db-g1-small: 50) and change
 * DATABASE_TIER. Why these figures:
 * - api: a request holds a connection for a few milliseconds (most queries take 1-20 ms), so
 *   3 connections serve 80 requests at once; 3 instances are 240 requests in flight, far past
 *   what a florist's site sees. Beyond that, requests wait for an instance rather than fail.
 * - live: one stream per open staff screen, mostly idle; 1,000 per instance. Its pool is for
 *   the sign-in check when a screen connects; its listener hears every change.
 * - outbox, billing: a scheduled run at a time (one a minute, one an hour).
 * - pages: no database; the limit only bounds the bill.
 * While a deploy rolls out, old instances finish their requests beside new ones: the headroom
 * takes that, and a request that still finds no connection waits for one.
 *
 * WARM INSTANCES (minInstances; the costs and the waits are in docs/deploy-firebase.md):
 * - pages and api keep one each: every public page, app-config.json, the subscribe form's
 *   address suggestions and checkout, and the staff screens are answered by an instance
 *   already started, at any hour (an idle instance costs about $11-14 a month in us-west3).
 * - live, outbox, billing keep none: a staff screen works while its live feed connects, and
 *   nobody waits on a scheduled run (the outbox's every minute keeps it warm anyway).
 */
export const SIZING: Record<FunctionName, FunctionSizing> = {
  api: { minInstances: 1, maxInstances: 3, concurrency: 80, pool: 3, listeners: 0, memory: '512MiB', timeoutSeconds: 60 },
  live: { minInstances: 0, maxInstances: 2, concurrency: 1000, pool: 2, listeners: 1, memory: '512MiB', timeoutSeconds: 3600 },
  pages: { minInstances: 1, maxInstances: 10, concurrency: 80, pool: 0, listeners: 0, memory: '256MiB', timeoutSeconds: 30 },
  outbox: { minInstances: 0, maxInstances: 1, concurrency: 1, pool: 2, listeners: 0, memory: '256MiB', timeoutSeconds: 300 },
  billing: { minInstances: 0, maxInstances: 1, concurrency: 1, pool: 2, listeners: 0, memory: '256MiB', timeoutSeconds: 540 },
};

/** Settings kept in Secret Manager (`firebase functions:secrets:set NAME`). */
export const SECRET_NAMES = ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets each function reads: the only ones it is given. */
export const FUNCTION_SECRETS: Record<FunctionName, readonly SecretName[]> = {
  // Takes payments and Stripe's webhooks; its e-mails are queued in the database.
  api: ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  live: ['DATABASE_URL'],
  pages: [],
  outbox: ['DATABASE_URL', 'SMTP_URL'],
  // Charges saved cards; takes no webhook.
  billing: ['DATABASE_URL', 'STRIPE_SECRET_KEY'],
};

/**
 * The service account each function runs as (`<id>@<project>.iam.gserviceaccount.com`), each
 * granted only what its function does (docs/deploy-firebase.md, step 6): Cloud SQL for the
 * four with a database, the photo bucket for api (read, write, delete) and outbox (read, for
 * e-mails with the door photo), Firebase Auth for api and live (checking sign-ins) and outbox
 * (making sign-in links), each one's own secrets. pages needs nothing.
 */
export const SERVICE_ACCOUNTS: Record<FunctionName, string> = {
  api: 'blooms-api',
  live: 'blooms-live',
  pages: 'blooms-pages',
  outbox: 'blooms-outbox',
  billing: 'blooms-billing',
};
