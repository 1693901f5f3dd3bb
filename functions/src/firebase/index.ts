/**
 * The backend as Cloud Functions (2nd gen), for a deployment on Firebase (docs/deploy-firebase.md):
 *   api     every backend path the host site rewrites to it (the API, the test checkout);
 *   live    the staff live feed, called by browsers directly (Hosting would buffer the stream);
 *   pages   the site's pages, composed from the files the apps' Hosting sites serve; no database;
 *   outbox  sends due e-mails every minute, and logs the backlog;
 *   billing charges the months whose charge date has come, every hour.
 * Each runs only its own part (instances.ts), sized, with its own service account and only the
 * secrets it reads (sizing.ts). `pnpm firebase:bundle` turns this file into what `firebase deploy` uploads.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { defineSecret } from 'firebase-functions/params';
import { logger } from 'firebase-functions';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { buildPagesServer } from '../http/pages-server';
import { hostedAppFiles, remoteBaseUrl, type AppName } from '../http/public/page-html';
import { loggableError, type Logger } from '../infrastructure/logger';
import { serveFastify } from './request-adapter';
import { functionsRegion, loadFunctionsConfig } from './settings';
import { PAGE_CACHE_CONTROL, PAGE_TEMPLATE, PAGES_SOURCE_MAX_AGE_MS } from './hosting';
import { startApi, startBilling, startLive, startOutbox } from './instances';
import { FUNCTION_SECRETS, SECRET_NAMES, SERVICE_ACCOUNTS, SIZING, type FunctionName } from './sizing';

setGlobalOptions({ region: functionsRegion(process.env) });

const SECRETS = Object.fromEntries(SECRET_NAMES.map((name) => [name, defineSecret(name)]));

/** A function's options: its sizing, its service account (`name@` is completed with the project), its secrets. */
function optionsOf(name: FunctionName) {
  const { minInstances, maxInstances, concurrency, memory, timeoutSeconds } = SIZING[name];
  return {
    minInstances,
    maxInstances,
    concurrency,
    memory,
    timeoutSeconds,
    serviceAccount: `${SERVICE_ACCOUNTS[name]}@`,
    secrets: FUNCTION_SECRETS[name].map((secret) => SECRETS[secret]!),
  };
}

/** Cloud Logging's structured lines, errors without the data they were about (loggableError). */
const log: Logger = {
  info: (fields, message) => logger.info(message, fields),
  warn: (fields, message) => logger.warn(message, fields),
  error: (fields, message) =>
    logger.error(message, { ...fields, ...('err' in fields ? { err: loggableError((fields as { err: unknown }).err) } : {}) }),
};
const logStartFailure = (message: string, error: unknown) => logger.error(message, loggableError(error));

/** What `start` makes, made once per instance on first use, and again after a failed start. */
function once<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () =>
    (started ??= start().catch((error: unknown) => {
      started = null;
      throw error;
    }));
}

/**
 * An instance kept warm (minInstances) starts its app as it starts, not at its first request.
 * Only in that function's own instances: every function loads this file, and so does the
 * deploy's reading of it. The emulator keeps no instance: there, the first request starts the
 * app and says so, as it would on Firebase without a kept instance.
 */
const startsWarm = (name: FunctionName) => ({
  startNow: SIZING[name].minInstances > 0 && process.env.FUNCTION_TARGET === name && process.env.FUNCTIONS_EMULATOR !== 'true',
});

// HTTP functions answer CORS themselves (CORS_ORIGINS: the site's origin only); `cors: false`
// also keeps the Functions emulator from allowing every origin.
const http = { invoker: 'public', cors: false } as const;

export const api = onRequest(
  { ...optionsOf('api'), ...http },
  serveFastify(() => startApi(loadFunctionsConfig(process.env, 'api')), logStartFailure, startsWarm('api')),
);

export const live = onRequest(
  { ...optionsOf('live'), ...http },
  serveFastify(() => startLive(loadFunctionsConfig(process.env, 'live')), logStartFailure, startsWarm('live')),
);

export const pages = onRequest(
  { ...optionsOf('pages'), ...http },
  serveFastify(
    async () => {
      const config = loadFunctionsConfig(process.env, 'pages');
      const bases = Object.fromEntries([
        ['host', `${config.publicUrl}/`],
        ...REMOTE_NAMES.map((name) => [name, remoteBaseUrl(config.remotes[name])]),
      ]) as Record<AppName, string>;
      const files = hostedAppFiles(bases, { maxAgeMs: PAGES_SOURCE_MAX_AGE_MS, pageTemplate: PAGE_TEMPLATE });
      return buildPagesServer(config, files, { cacheControl: PAGE_CACHE_CONTROL });
    },
    logStartFailure,
    startsWarm('pages'),
  ),
);

const outboxWorker = once(() => startOutbox(loadFunctionsConfig(process.env, 'outbox'), log));
export const outbox = onSchedule({ ...optionsOf('outbox'), schedule: 'every 1 minutes' }, async () => {
  await (await outboxWorker()).run();
});

const billingWorker = once(() => startBilling(loadFunctionsConfig(process.env, 'billing'), log));
export const billing = onSchedule({ ...optionsOf('billing'), schedule: 'every 1 hours' }, async () => {
  log.info({ ...(await (await billingWorker()).run()) }, 'billing run');
});
