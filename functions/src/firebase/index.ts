/**
 * The backend as Cloud Functions (2nd gen), for a deployment on Firebase (docs/deploy-firebase.md):
 *   api    every /api/ request the Hosting site rewrites to it: the same Fastify app as the standalone server;
 *   live   the staff live feed, called by browsers directly (Hosting would buffer the stream);
 *   pages  the site's pages, composed from the files the apps' Hosting sites serve; no database;
 *   outbox sends due e-mails every minute (an idle instance gets no CPU between requests), and logs the backlog;
 *   billing charges the months whose charge date has come, every hour.
 * `pnpm firebase:bundle` turns this file into what `firebase deploy` uploads.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { defineSecret } from 'firebase-functions/params';
import { logger } from 'firebase-functions';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { startBackend, type Backend } from '../backend';
import { buildPagesServer } from '../http/pages-server';
import { hostedAppFiles, remoteBaseUrl, type AppName } from '../http/public/page-html';
import { serveFastify } from './request-adapter';
import { loadFunctionsConfig, SECRET_NAMES } from './settings';
import { PAGE_CACHE_CONTROL, PAGE_TEMPLATE, PAGES_SOURCE_MAX_AGE_MS } from './hosting';

setGlobalOptions({ region: process.env.FUNCTIONS_REGION ?? 'us-central1' });

const secrets = SECRET_NAMES.map((name) => defineSecret(name));
const logError = (message: string, error: unknown) => logger.error(message, error instanceof Error ? error.message : String(error));

let backend: Promise<Backend> | null = null;
/** One backend per instance, whichever of its functions is called first. */
function backendOfInstance(): Promise<Backend> {
  backend ??= startBackend(loadFunctionsConfig(process.env, 'backend')).catch((error: unknown) => {
    backend = null;
    throw error;
  });
  return backend;
}

// CORS is the app's own (CORS_ORIGINS: the site's origin only); `cors: false` also keeps the
// Functions emulator from allowing every origin.
const serveBackend = serveFastify(async () => (await backendOfInstance()).app, logError);

export const api = onRequest({ secrets, timeoutSeconds: 60, memory: '512MiB', concurrency: 80, invoker: 'public', cors: false }, serveBackend);

export const live = onRequest({ secrets, timeoutSeconds: 3600, memory: '512MiB', concurrency: 1000, invoker: 'public', cors: false }, serveBackend);

export const pages = onRequest(
  { timeoutSeconds: 30, memory: '256MiB', concurrency: 80, invoker: 'public', cors: false },
  serveFastify(async () => {
    const config = loadFunctionsConfig(process.env, 'pages');
    const bases = Object.fromEntries([
      ['host', `${config.publicUrl}/`],
      ...REMOTE_NAMES.map((name) => [name, remoteBaseUrl(config.remotes[name])]),
    ]) as Record<AppName, string>;
    const files = hostedAppFiles(bases, { maxAgeMs: PAGES_SOURCE_MAX_AGE_MS, pageTemplate: PAGE_TEMPLATE });
    return buildPagesServer(config, files, { cacheControl: PAGE_CACHE_CONTROL });
  }, logError),
);

export const outbox = onSchedule({ schedule: 'every 1 minutes', secrets, timeoutSeconds: 300 }, async () => {
  const { app } = await backendOfInstance();
  await app.emailOutbox.wake();
  // What the outbox-age alert watches (docs/operations.md).
  await app.metrics.logOutbox(app.log);
});

export const billing = onSchedule({ schedule: 'every 1 hours', secrets, timeoutSeconds: 540 }, async () => {
  const run = await (await backendOfInstance()).app.billing.runDue();
  logger.info('billing run', run);
});
