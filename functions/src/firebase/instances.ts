import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { composeApi, openConfiguredDatabase, tokenVerifierFor } from '../backend';
import { blobStoreFor } from '../infrastructure/blob-store';
import { firebaseSignInLinks } from '../auth/sign-in-links';
import { buildLiveServer } from '../http/live-server';
import { mailerFor } from '../mail/mailer';
import { paymentsFor } from '../payments-setup';
import type { BillingRun } from '../services/billing';
import { ChangeFeed } from '../infrastructure/change-feed';
import { EmailOutboxWorker } from '../infrastructure/email-outbox';
import { SmsOutboxWorker } from '../infrastructure/sms-outbox';
import { smsSenderFor } from '../infrastructure/sms-sender';
import type { Logger } from '../infrastructure/logger';
import { ensureAdmins } from '../services/users';
import { makeRequestedSignInLinks } from '../services/sign-in-link-requests';
import { registerWorker } from '../infrastructure/worker-runs';
import { logOutboxBacklog } from '../http/metrics';
import { SIZING, type FunctionName } from './sizing';
import { warnDefaultContact } from '../config-safety';

/**
 * What one instance of each function runs: only its own part of the backend. Nothing here
 * starts a timer: on Cloud Functions an instance gets no CPU between requests, so the e-mail
 * outbox and the charges are run by their scheduled functions, each run one call.
 */

/** The function's connections (its pool as sized), the schema brought up to date under the migration lock. */
async function databaseOf(config: ServerConfig, name: FunctionName): Promise<Database> {
  const database = await openConfiguredDatabase(config, { poolSize: SIZING[name].pool, applicationName: `blooms-${name}` });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The API: the standalone server's app, without the live feed (the live function serves it) and without workers. */
export async function startApi(config: ServerConfig): Promise<FastifyInstance> {
  const database = await databaseOf(config, 'api');
  // Admins sign in through the API: their records exist before its first request is answered.
  const created = await ensureAdmins(database.db, config.adminEmails);
  // The billing function exists once the API does: health reports it late if it never runs.
  await registerWorker(database.db, 'billing');
  const app = await composeApi(config, database, {
    verifier: tokenVerifierFor(config),
    blobs: await blobStoreFor(config),
    feed: null,
  });
  app.addHook('onClose', () => database.close());
  if (created.length > 0) app.log.info({ admins: created }, 'created admin user records from ADMIN_EMAILS');
  warnDefaultContact(config.site, app.log);
  return app;
}

/** The staff live feed: one LISTEN connection hears every change, each open screen gets it. */
export async function startLive(config: ServerConfig): Promise<FastifyInstance> {
  const database = await databaseOf(config, 'live');
  const feed = new ChangeFeed();
  await feed.start(database);
  const app = await buildLiveServer(config, { database, verifier: tokenVerifierFor(config), feed });
  app.addHook('onClose', async () => {
    await feed.close();
    await database.close();
  });
  return app;
}

/** A scheduled function's part: one call per run. */
export interface ScheduledPart<T> {
  run: () => Promise<T>;
  close: () => Promise<void>;
}

/** The e-mail and text outbox: each run makes the sign-in links asked for, sends what is due, and stops. */
export async function startOutbox(config: ServerConfig, log: Logger): Promise<ScheduledPart<void>> {
  const database = await databaseOf(config, 'outbox');
  const options = { pollMs: config.outboxPollMs, messageIdDomain: config.messageIdDomain, retryAfterS: config.outboxRetryAfterS };
  const signInLinks = firebaseSignInLinks(config.firebaseProjectId, config.firebaseWeb.apiKey);
  const makeSignInLinks = () => makeRequestedSignInLinks(database.db, signInLinks.create, config.site, log);
  const worker = new EmailOutboxWorker(database, mailerFor(config), log, options, await blobStoreFor(config), makeSignInLinks);
  // The texts go out with the e-mails, by the real time (no test clock on Cloud Functions).
  const texts = new SmsOutboxWorker(database, smsSenderFor(config), log, () => new Date(), {
    pollMs: config.outboxPollMs,
    retryAfterS: config.outboxRetryAfterS,
  });
  const run = async () => {
    await worker.wake();
    await texts.wake();
    // What the outbox-age alert watches (docs/operations.md).
    if (config.metricsLog) await logOutboxBacklog(database.db, log);
  };
  return { run, close: () => Promise.all([worker.close(), texts.close()]).then(() => database.close()) };
}

/** The charges: each run charges the months whose charge date has come (by `clock`: tests set the day). */
export async function startBilling(
  config: ServerConfig,
  log: Logger,
  clock: () => Date = () => new Date(),
): Promise<ScheduledPart<BillingRun>> {
  const database = await databaseOf(config, 'billing');
  await registerWorker(database.db, 'billing');
  const { billing } = paymentsFor(config, database, log, clock);
  return { run: () => billing.runDue(), close: () => billing.close().then(() => database.close()) };
}
