import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { loadConfig, type ServerConfig } from '../config';
import { DEFAULT_REGION, type FunctionName } from './sizing';

type Env = Record<string, string | undefined>;

/** The functions' region: FUNCTIONS_REGION (functions/.env.<project-id>), else DEFAULT_REGION. */
export function functionsRegion(env: Env): string {
  return env.FUNCTIONS_REGION || DEFAULT_REGION;
}

const PUBLIC_URL: [string, string] = ['PUBLIC_URL', "the host site's origin (https://<site>.web.app or your domain)"];
const DATABASE_URL: [string, string] = [
  'DATABASE_URL',
  'a secret: the PostgreSQL URL (with CLOUD_SQL_INSTANCE, its user, password and database). The embedded database is refused here: each function instance would have a private database of its own',
];
const STORAGE_BUCKET: [string, string] = ['STORAGE_BUCKET', 'the Cloud Storage bucket for delivery photos; the instance disk is not kept'];
const REMOTE_URLS = REMOTE_NAMES.map((name): [string, string] => [
  `REMOTE_${name.toUpperCase()}_URL`,
  `the mf-manifest.json URL of the ${name} site`,
]);

/** What each function needs set, with why, so a missing one is named at start. */
const REQUIRED: Record<FunctionName, [name: string, why: string][]> = {
  // The site's pages and every API answer carry the same Content-Security-Policy, made from the remotes' sites.
  pages: [PUBLIC_URL, ...REMOTE_URLS],
  api: [
    PUBLIC_URL,
    ['PAYMENTS', "'stripe' or 'test': a deployment never falls back to the test checkout by itself"],
    DATABASE_URL,
    STORAGE_BUCKET,
    ...REMOTE_URLS,
  ],
  live: [PUBLIC_URL, DATABASE_URL],
  outbox: [
    DATABASE_URL,
    ['SMTP_URL', 'a secret: the mail server; without one, e-mails would be written to the instance disk and lost'],
    STORAGE_BUCKET,
  ],
  billing: [PUBLIC_URL, ['PAYMENTS', "'stripe' or 'test'"], DATABASE_URL],
};

/** The functions that take payments; the others are given no payment secrets. */
const TAKES_PAYMENTS: FunctionName[] = ['api', 'billing'];

/**
 * A function's settings under Cloud Functions: the same settings as the standalone server
 * (config.ts), with what only makes sense there set for it (no static files, a writable
 * temporary folder, the live function's address) and what it cannot do without required,
 * each named when missing.
 */
export function loadFunctionsConfig(env: Env, name: FunctionName): ServerConfig {
  const missing = REQUIRED[name].filter(([setting]) => !env[setting]);
  if (missing.length > 0) {
    throw new Error(
      `Cloud Functions settings missing for ${name}: ${missing.map(([setting, why]) => `${setting} (${why})`).join('; ')}. See docs/deploy-firebase.md.`,
    );
  }
  for (const remote of REMOTE_NAMES) {
    const url = env[`REMOTE_${remote.toUpperCase()}_URL`];
    if (url && !/^https?:\/\//.test(url))
      throw new Error(`REMOTE_${remote.toUpperCase()}_URL must be an absolute URL (each remote is its own Hosting site), got '${url}'.`);
  }
  if (TAKES_PAYMENTS.includes(name) && env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY)
    throw new Error('PAYMENTS=stripe needs the STRIPE_SECRET_KEY secret.');
  const publicUrl = env.PUBLIC_URL;
  const config = loadConfig(
    {
      SERVE_STATIC: 'false',
      DEMO_DATA: 'false',
      // Only /tmp is writable in a function; nothing kept there outlives the instance.
      DATA_DIR: path.join(os.tmpdir(), 'blooms'),
      // Requests arrive through Hosting's CDN and Google's front end, each adding an address.
      TRUST_PROXY: '2',
      // The browser calls the live function on its own origin, from the site's pages.
      ...(publicUrl ? { CORS_ORIGINS: new URL(publicUrl).origin } : {}),
      // Cloud Monitoring counts what the logs say (docs/operations.md).
      METRICS_LOG: 'true',
      // The live function's address on Cloud Functions, unless set (the emulators have another).
      ...(env.GCLOUD_PROJECT ? { LIVE_URL: `https://${functionsRegion(env)}-${env.GCLOUD_PROJECT}.cloudfunctions.net/live/api/live` } : {}),
      ...env,
      // Under the emulator PORT is a socket path; the function never listens itself.
      PORT: '0',
      // The others take no payments and have no payment secrets.
      ...(TAKES_PAYMENTS.includes(name) ? {} : { PAYMENTS: 'test', STRIPE_SECRET_KEY: undefined }),
    },
    { takesWebhooks: name === 'api' },
  );
  // Each instance would keep a pretended day of its own.
  return { ...config, testClock: false, testClockStart: null };
}
