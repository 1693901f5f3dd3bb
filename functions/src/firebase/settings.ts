import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { loadConfig, type ServerConfig } from '../config';

type Env = Record<string, string | undefined>;

/** Settings kept in Secret Manager (`firebase functions:secrets:set NAME`), read by the functions that need them. */
export const SECRET_NAMES = ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** What each kind of function needs set, with why, so a missing one is named at start. */
const REQUIRED: Record<'backend' | 'pages', [name: string, why: string][]> = {
  pages: [
    ['PUBLIC_URL', "the host site's origin (https://<site>.web.app or your domain): pages are made from its files"],
    ...REMOTE_NAMES.map((name): [string, string] => [`REMOTE_${name.toUpperCase()}_URL`, `the mf-manifest.json URL of the ${name} site`]),
  ],
  backend: [
    ['PUBLIC_URL', 'the site origin, for payment return pages, e-mail links and CORS of the live function'],
    ['PAYMENTS', "'stripe' or 'test': a deployment never falls back to the test checkout by itself"],
    [
      'DATABASE_URL',
      'a secret: the PostgreSQL URL (with CLOUD_SQL_INSTANCE, its user, password and database). The embedded database is refused here: each function instance would have a private database of its own',
    ],
    ['SMTP_URL', 'a secret: the mail server; without one, e-mails would be written to the instance disk and lost'],
    ['STORAGE_BUCKET', 'the Cloud Storage bucket for delivery photos; the instance disk is not kept'],
  ],
};

/**
 * The backend's settings under Cloud Functions: the same settings as the standalone server
 * (config.ts), with what only makes sense there set for it (no static files, a writable
 * temporary folder) and what it cannot do without required, each named when missing.
 */
export function loadFunctionsConfig(env: Env, kind: 'backend' | 'pages'): ServerConfig {
  const missing = REQUIRED[kind].filter(([name]) => !env[name]);
  if (missing.length > 0) {
    throw new Error(`Cloud Functions settings missing: ${missing.map(([name, why]) => `${name} (${why})`).join('; ')}. See docs/deploy-firebase.md.`);
  }
  for (const name of REMOTE_NAMES) {
    const url = env[`REMOTE_${name.toUpperCase()}_URL`];
    if (url && !/^https?:\/\//.test(url)) throw new Error(`REMOTE_${name.toUpperCase()}_URL must be an absolute URL (each remote is its own Hosting site), got '${url}'.`);
  }
  if (kind === 'backend' && env.PAYMENTS === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('PAYMENTS=stripe needs the STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET secrets.');
  }
  const publicUrl = env.PUBLIC_URL!;
  return loadConfig({
    SERVE_STATIC: 'false',
    DEMO_DATA: 'false',
    // Only /tmp is writable in a function; nothing kept there outlives the instance.
    DATA_DIR: path.join(os.tmpdir(), 'blooms'),
    // Requests arrive through Hosting's CDN and Google's front end, each adding an address.
    TRUST_PROXY: '2',
    // The browser calls the live function on its own origin, from the site's pages.
    CORS_ORIGINS: new URL(publicUrl).origin,
    // Cloud Monitoring counts what the logs say (docs/operations.md).
    METRICS_LOG: 'true',
    ...env,
    // Under the emulator PORT is a socket path; the function never listens itself.
    PORT: '0',
    // The pages function takes no payments and is given no payment secrets.
    ...(kind === 'pages' ? { PAYMENTS: 'test', STRIPE_SECRET_KEY: undefined } : {}),
  });
}
