import path from 'node:path';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import { REMOTE_NAMES, type RemoteName } from '@blooms/shared/contract/remotes';
import { ZIP_CENTROIDS } from '@blooms/shared/contract/zip-centroids';
import { parseClockStart } from '@blooms/shared/contract/test-clock';
import { isDeployed, refuseUnsafe } from './config-safety';
import type { CloudSqlIpType } from './db/cloud-sql';
import { twilioSettingsOf } from './infrastructure/sms-sender';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface GeocodingSettings {
  apiKey: string;
  /** The Geocoding API's JSON endpoint (a local stand-in in tests). */
  url: string;
}

/** The backend's settings (readConfig says what each one is). */
export type ServerConfig = ReturnType<typeof readConfig>;

export interface BackupSettings {
  dir: string;
  keep: number;
  /** Nightly backups (embedded database only: a PostgreSQL server is backed up by its own means). */
  nightly: boolean;
  /** The hour of the night (0-23, studio time) the nightly backup is taken at. */
  hour: number;
}

type Env = Record<string, string | undefined>;

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function clockStart(env: Env): Date | null {
  if (!env.TEST_CLOCK_START) return null;
  const start = parseClockStart(env.TEST_CLOCK_START);
  if (!start)
    throw new Error(
      `TEST_CLOCK_START must be a day (2028-02-29) or an ISO time with its zone (2028-02-29T09:30:00-07:00), got '${env.TEST_CLOCK_START}'.`,
    );
  return start;
}

function poolSize(env: Env): number | null {
  if (!env.DATABASE_POOL_SIZE) return null;
  const size = count(env, 'DATABASE_POOL_SIZE', 0);
  if (size < 1) throw new Error(`DATABASE_POOL_SIZE must be at least 1, got '${env.DATABASE_POOL_SIZE}'.`);
  return size;
}

function count(env: Env, name: string, fallback: number): number {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got '${env[name]}'.`);
  return value;
}

/** STUDIO_ZIP (refused when outside the delivery area), else the studio address's ZIP when known, else downtown Salt Lake City. */
function studioZip(env: Env): string {
  if (env.STUDIO_ZIP) {
    if (!ZIP_CENTROIDS.has(env.STUDIO_ZIP)) throw new Error(`STUDIO_ZIP must be a ZIP code of the delivery area, got '${env.STUDIO_ZIP}'.`);
    return env.STUDIO_ZIP;
  }
  const fromAddress = /\b(\d{5})\s*$/.exec(env.STREET_ADDRESS ?? DEFAULT_SITE_CONTACT.streetAddress)?.[1];
  return fromAddress && ZIP_CENTROIDS.has(fromAddress) ? fromAddress : '84101';
}

/** A browser key restricted to the site's pages is refused by the server-side Geocoding API: GEOCODING_API_KEY is then set apart. */
function geocodingSettings(env: Env): GeocodingSettings | null {
  const apiKey = env.GEOCODING_API_KEY || env.GOOGLE_MAPS_API_KEY;
  return apiKey ? { apiKey, url: env.GEOCODING_API_URL || 'https://maps.googleapis.com/maps/api/geocode/json' } : null;
}

export interface LoadOptions {
  /** Whether this process takes Stripe's webhooks (every one but the billing function), and so needs their signing secret. */
  takesWebhooks?: boolean;
}

/** METRICS_TOKEN, when set: long enough that it cannot be guessed. */
function metricsToken(env: Env): string | null {
  const token = env.METRICS_TOKEN;
  if (!token) return null;
  if (token.length < 20) throw new Error('METRICS_TOKEN must be at least 20 characters (for example: openssl rand -hex 24).');
  return token;
}

function backupSettings(env: Env, dataDir: string): BackupSettings {
  const hour = count(env, 'BACKUP_HOUR', 2);
  if (hour > 23) throw new Error(`BACKUP_HOUR must be an hour from 0 to 23, got '${env.BACKUP_HOUR}'.`);
  const keep = count(env, 'BACKUP_KEEP', 14);
  if (keep < 1) throw new Error('BACKUP_KEEP must be at least 1.');
  return {
    // Beside the data folder, not in it: deleting .data to start over keeps the backups.
    dir: path.resolve(env.BACKUP_DIR || `${dataDir}-backups`),
    keep,
    nightly: !env.DATABASE_URL && env.BACKUP_NIGHTLY !== 'false',
    hour,
  };
}

/**
 * Whether admins may move the server's date (the test clock): never with Stripe; on by default on
 * this machine (pnpm start), and on a deployed backend only when TEST_CLOCK=true says so, since
 * the date it moves is every visitor's and every worker's, and e-mails go to real addresses
 * there. TEST_CLOCK=false turns it off anywhere. A second instance would keep a clock of its own;
 * Cloud Functions turns it off (firebase/settings.ts).
 */
function testClockOn(env: Env, stripe: boolean, deployed: boolean): boolean {
  const asked = env.TEST_CLOCK;
  if (asked !== undefined && asked !== '' && asked !== 'true' && asked !== 'false')
    throw new Error(`TEST_CLOCK must be 'true' or 'false', got '${asked}'.`);
  if (stripe) return false;
  return asked === 'true' || (!deployed && asked !== 'false');
}

/** The backend's settings from the environment; throws, naming the setting, when they are wrong or unsafe together. */
export function loadConfig(env: Env = process.env, { takesWebhooks = true }: LoadOptions = {}): ServerConfig {
  const config = readConfig(env);
  refuseUnsafe(env, config, { takesWebhooks });
  return config;
}

const dataDirOf = (env: Env) => path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));

/** Where the self-hosted server keeps the remotes' shipped versions (docs/releases.md); `pnpm release` writes there. */
export const releasesDirOf = (env: Env) => path.resolve(env.RELEASES_DIR ?? path.join(dataDirOf(env), 'releases'));

function readConfig(env: Env) {
  const mailFrom = env.MAIL_FROM ?? `Monthly Blooms <${env.CONTACT_EMAIL ?? DEFAULT_SITE_CONTACT.contactEmail}>`;
  // Cloud Functions refuses FIREBASE_-prefixed settings and names the project GCLOUD_PROJECT;
  // there the browser's web config is set as WEB_API_KEY, WEB_AUTH_DOMAIN and WEB_APP_ID.
  const projectId = env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? 'demo-monthly-blooms';
  const ipType = env.CLOUD_SQL_IP_TYPE ?? 'PUBLIC';
  if (ipType !== 'PUBLIC' && ipType !== 'PRIVATE' && ipType !== 'PSC')
    throw new Error(`CLOUD_SQL_IP_TYPE must be PUBLIC, PRIVATE or PSC, got '${ipType}'.`);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);

  const stripe = env.PAYMENTS !== 'test' ? env.STRIPE_SECRET_KEY || null : null;

  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env[`REMOTE_${name.toUpperCase()}_URL`] ?? `/remotes/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;

  const social = [
    { label: 'Instagram', url: env.SOCIAL_INSTAGRAM_URL },
    { label: 'Facebook', url: env.SOCIAL_FACEBOOK_URL },
  ];

  const host = env.HOST ?? '127.0.0.1';
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null;
  const dataDir = dataDirOf(env);
  return {
    host,
    port,
    /** PostgreSQL server URL; when absent the embedded PGlite database in dataDir is used. */
    databaseUrl: env.DATABASE_URL || null,
    /** At most this many pooled connections to databaseUrl's server for queries (DATABASE_POOL_SIZE); null: the default for this machine. */
    databasePoolSize: poolSize(env),
    /** A Cloud SQL instance ("project:region:instance") reached through Google's connector, with the user and database of databaseUrl. */
    cloudSql: env.CLOUD_SQL_INSTANCE ? { instance: env.CLOUD_SQL_INSTANCE, ipType: ipType as CloudSqlIpType } : null,
    /** The Cloud Storage bucket that keeps delivery photos; null keeps them on local disk in dataDir. */
    storageBucket: env.STORAGE_BUCKET || null,
    dataDir,
    adminEmails: list(env.ADMIN_EMAILS, ['admin@example.com']).map((email) => email.toLowerCase()),
    firebaseProjectId: projectId,
    /** host:port of the Firebase Auth emulator, when signing in runs against it. */
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || null,
    firebaseWeb: {
      apiKey: env.FIREBASE_API_KEY ?? env.WEB_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? env.WEB_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: env.FIREBASE_APP_ID ?? env.WEB_APP_ID,
    },
    apiBaseUrl: env.API_BASE_URL ?? '',
    /** Where browsers follow the live feed, when not at the API's /api/live (LIVE_URL). */
    liveUrl: env.LIVE_URL ? new URL(env.LIVE_URL).toString() : null,
    remotes,
    site: {
      contactEmail: env.CONTACT_EMAIL ?? DEFAULT_SITE_CONTACT.contactEmail,
      phone: env.CONTACT_PHONE ?? DEFAULT_SITE_CONTACT.phone,
      streetAddress: env.STREET_ADDRESS ?? DEFAULT_SITE_CONTACT.streetAddress,
      sisterStudioName: env.SISTER_STUDIO_NAME ?? DEFAULT_SITE_CONTACT.sisterStudioName,
      sisterStudioUrl: env.SISTER_STUDIO_URL ?? DEFAULT_SITE_CONTACT.sisterStudioUrl,
      social: social.map((link, i) => ({ label: link.label, url: link.url ?? DEFAULT_SITE_CONTACT.social[i]!.url })),
    },
    /** Where the built host and remotes live; null serves no static files (API only). */
    staticRoot: env.SERVE_STATIC === 'false' ? null : path.resolve(env.STATIC_ROOT ?? REPO_ROOT),
    /** The remotes' shipped versions and pins (docs/releases.md), served beside their builds; null without static files. */
    releasesDir: env.SERVE_STATIC === 'false' ? null : releasesDirOf(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    /** Add demo subscribers to an empty embedded database (never to a PostgreSQL server). */
    demoData: !env.DATABASE_URL && env.DEMO_DATA !== 'false',
    /** The site's public origin (https://monthlyblooms.example) for checkout return URLs; null: from each request. */
    publicUrl,
    /** Origins (besides the site's own) whose pages may call the API: the site's origin when the API is hosted apart. */
    corsOrigins: list(env.CORS_ORIGINS, []).map((origin) => new URL(origin).origin),
    /** Per client (IP address) and minute: checkouts started, checkouts verified, failed sign-ins; per e-mail address and hour: sign-in links sent. */
    rateLimits: {
      checkoutsPerMinute: count(env, 'RATE_LIMIT_CHECKOUTS_PER_MINUTE', 20),
      verificationsPerMinute: count(env, 'RATE_LIMIT_VERIFICATIONS_PER_MINUTE', 120),
      failedSignInsPerMinute: count(env, 'RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE', 30),
      signInLinksPerHour: count(env, 'RATE_LIMIT_SIGN_IN_LINKS_PER_HOUR', 3),
    },
    /** Trust X-Forwarded-For from this many proxies in front (Firebase Hosting, a load balancer), to tell clients apart. */
    trustProxy: count(env, 'TRUST_PROXY', 0),
    /** Stripe when a secret key is set; otherwise the built-in test checkout (allowed as set out in paymentsMode). The webhook secret is only missing where no webhook is taken (the billing function). */
    stripe: stripe ? { secretKey: stripe, webhookSecret: env.STRIPE_WEBHOOK_SECRET || null, apiBase: env.STRIPE_API_BASE || null } : null,
    /** Whether admins may pretend it is a later day (the test checkout only: on this machine, or deployed with TEST_CLOCK=true; never where instances are many). */
    testClock: testClockOn(env, stripe !== null, isDeployed(host, publicUrl)),
    /** With the test clock: the moment the server's time starts at (TEST_CLOCK_START), to try a chosen day; null: the real time. */
    testClockStart: clockStart(env),
    /** SMTP server URL; without one, e-mails are written to outboxDir. */
    smtpUrl: env.SMTP_URL || null,
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    /** Texts through Twilio, or the local fake (docs/configuration.md); null: written to outboxDir. */
    twilio: twilioSettingsOf(env),
    mailFrom,
    /** The domain of the Message-ID of every e-mail sent (from MAIL_FROM). */
    messageIdDomain: /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'monthlyblooms.local',
    /** How often the e-mail outbox worker looks for retries that came due. */
    outboxPollMs: count(env, 'OUTBOX_POLL_MS', 10_000),
    /** The first retry of an e-mail (also after a crash mid-send) waits this long; each next one twice as long. */
    outboxRetryAfterS: count(env, 'OUTBOX_RETRY_AFTER_S', 30),
    /** How long a stop waits for requests in flight before the process exits anyway. */
    shutdownTimeoutMs: count(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    /** How long a Firebase account's state (disabled, deleted, revoked) is trusted once checked: requests and open live streams notice a change within this. */
    accountRecheckMs: count(env, 'ACCOUNT_RECHECK_MS', 30_000),
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    /** Google's map under the staff map (MAP_TILES=google, with GOOGLE_MAPS_API_KEY); off by default. */
    staffMapTiles: env.MAP_TILES === 'google' && Boolean(env.GOOGLE_MAPS_API_KEY),
    /** Real positions for drivers' route order (GEOCODING_API_KEY, else GOOGLE_MAPS_API_KEY); null orders by ZIP centres. */
    geocoding: geocodingSettings(env),
    /** Where drivers' routes start: the ZIP code of the studio (STUDIO_ZIP, else the one in STREET_ADDRESS). */
    studioZip: studioZip(env),
    /** The bearer token of the Prometheus endpoint GET /metrics; null: there is no such endpoint. */
    metricsToken: metricsToken(env),
    /** Log the gauges (live clients, pool, outbox) as structured fields for log-based metrics (on by default under Cloud Functions). */
    metricsLog: env.METRICS_LOG === 'true',
    /** Backups of the embedded database: where they go, how many nightly ones are kept, and whether and at what studio hour they are taken. */
    backups: backupSettings(env, dataDir),
  };
}

/** The site's address for links in e-mails sent without a request to take it from: PUBLIC_URL, or this machine. */
export function siteUrlOf(config: Pick<ServerConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
