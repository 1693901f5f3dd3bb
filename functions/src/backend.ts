import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import { openDatabase, type Database, type DatabaseOptions } from './db/database';
import { firebaseTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import { firebaseSignInLinks, type SignInLinks } from './auth/sign-in-links';
import { mailerFor } from './mail/mailer';
import { ensureAdmins } from './services/users';
import { blobStoreFor, type BlobStore } from './infrastructure/blob-store';
import { cloudSqlRoute } from './db/cloud-sql';
import { ChangeFeed } from './infrastructure/change-feed';
import { seedDemoData } from './services/demo-data';
import { EmailOutboxWorker } from './infrastructure/email-outbox';
import { SmsOutboxWorker } from './infrastructure/sms-outbox';
import { smsSenderFor } from './infrastructure/sms-sender';
import { FakeTwilio } from './infrastructure/fake-twilio';
import { makeRequestedSignInLinks } from './services/sign-in-link-requests';
import { buildServer, createSiteApp } from './http/server';
import { Metrics } from './http/metrics';
import { paymentsFor } from './payments-setup';
import type { BillingWorker } from './services/billing-worker';
import { TestClock } from './services/test-clock';
import { clockStartingAt } from '@blooms/shared/contract/test-clock';
import { registerWorker } from './infrastructure/worker-runs';
import type { Logger } from './infrastructure/logger';
import { backupAndVerify, backupEmbedded, type PhotoSource } from './backup/backup';
import { serveBackupRequests } from './backup/control';
import { NightlyBackups } from './backup/nightly';
import { keptFiguresFor } from './read-models/kept-figures';
import { warnDefaultContact } from './config-safety';

export interface Backend {
  app: FastifyInstance;
  /** Stops taking requests, then closes the live feed, the e-mail worker and the database. */
  close: () => Promise<void>;
}

/** The database the settings name (a server, through the Cloud SQL connector or not, or the embedded one in dataDir), not yet migrated. */
export async function openConfiguredDatabase(
  config: ServerConfig,
  pool: Pick<DatabaseOptions, 'poolSize' | 'applicationName'> = {},
): Promise<Database> {
  if (config.cloudSql && !config.databaseUrl)
    throw new Error('CLOUD_SQL_INSTANCE needs DATABASE_URL for the user, password and database name.');
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
    route: config.cloudSql ? await cloudSqlRoute(config.cloudSql.instance, config.cloudSql.ipType) : undefined,
    poolSize: config.databasePoolSize ?? undefined,
    ...pool,
  });
}

/** Who is signed in: Firebase Auth (or its emulator) for the settings' project. */
export function tokenVerifierFor(config: ServerConfig): TokenVerifier {
  return firebaseTokenVerifier(config.firebaseProjectId, config.accountRecheckMs);
}

/**
 * The backend put together from its settings: database (migrated), admins from the settings,
 * demo data, then runBackend. Every entry point (the standalone server, a Cloud Function)
 * starts it this way and only differs in how requests reach it.
 */
export async function startBackend(config: ServerConfig): Promise<Backend> {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const created = await ensureAdmins(database.db, config.adminEmails);
  // The server's time at start: the test clock's start when it has one (as runBackend's clock begins).
  const startedAt = config.testClock && config.testClockStart ? clockStartingAt(config.testClockStart)() : new Date();
  const seeded = config.demoData ? await seedDemoData(database.db, startedAt) : 0;

  const blobs = await blobStoreFor(config);
  const app = await runBackend(config, database, { blobs });
  const stopBackups = await startBackups(config, database, { blobs, bucket: config.storageBucket }, app.log);
  if (created.length > 0) app.log.info({ admins: created }, 'created admin user records from ADMIN_EMAILS');
  if (seeded > 0) app.log.info({ subscriptions: seeded }, 'added demo subscriptions to the empty local database');
  // The owner's figures for the default range, read in the background so the first request finds them kept.
  // Only here (the standalone server): a Cloud Function instance starts per request and reads them when asked.
  void keptFiguresFor(database.db, app.log).warm(startedAt);
  app.log.info({ database: database.kind, authEmulator: config.authEmulatorHost }, 'backend ready');
  warnDefaultContact(config.site, app.log);
  return {
    app,
    close: async () => {
      await stopBackups();
      await app.close();
      await database.close();
    },
  };
}

/**
 * The HTTP app and what it serves through, built here and handed to it: the clock (with the
 * test checkout, the test clock an admin may move on), metrics, and the payments: provider,
 * fulfilment and the billing worker (not started; closing the app closes it).
 */
export async function composeApi(
  config: ServerConfig,
  database: Database,
  parts: {
    verifier: TokenVerifier;
    clock?: () => Date;
    blobs: BlobStore;
    feed: ChangeFeed | null;
    logger?: FastifyServerOptions['logger'];
  },
): Promise<FastifyInstance> {
  const app = await createSiteApp(config, parts.logger);
  const realClock = parts.clock ?? (config.testClock && config.testClockStart ? clockStartingAt(config.testClockStart) : () => new Date());
  // With real payments the time is real; with the test checkout an admin may pretend it is a later day.
  const testClock = config.testClock ? new TestClock(realClock) : null;
  const clock = testClock?.now ?? realClock;
  const metrics = new Metrics(database, parts.feed);
  const payments = paymentsFor(config, database, app.log, clock, (run) => metrics.countCharges(run));
  app.decorate('metrics', metrics);
  app.decorate('clock', clock);
  app.decorate('billing', payments.billing);
  app.addHook('onClose', () => payments.billing.close());
  return buildServer(app, {
    config,
    database,
    verifier: parts.verifier,
    clock,
    testClock,
    blobs: parts.blobs,
    feed: parts.feed,
    metrics,
    payments,
  });
}

/**
 * The embedded database is this process's alone, so this process backs it up: for `pnpm
 * backup` (through the data folder's socket; the command reads the file back itself) and
 * every night (unless BACKUP_NIGHTLY=false), each read back before it counts. A PostgreSQL server is backed up by pg_dump
 * from outside (`pnpm backup`). Resolves with what stops them.
 */
async function startBackups(config: ServerConfig, database: Database, photos: PhotoSource, log: Logger): Promise<() => Promise<void>> {
  if (!database.snapshot) return async () => undefined;
  const take = (file: string) => backupEmbedded(database, photos, file);
  const stopServing = await serveBackupRequests(config.dataDir, take, log);
  const nightly = config.backups.nightly
    ? new NightlyBackups((file) => backupAndVerify(take, file), config.backups, database.db, log)
    : null;
  await nightly?.start();
  return async () => {
    await nightly?.close();
    await stopServing();
  };
}

/**
 * The running parts on an open, migrated database: the live feed, the e-mail outbox worker,
 * the billing worker and the HTTP app. Closing the app stops them all (the database stays open).
 */
export async function runBackend(
  settings: ServerConfig,
  database: Database,
  parts: {
    verifier?: TokenVerifier;
    signInLinks?: SignInLinks;
    clock?: () => Date;
    blobs?: BlobStore;
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<FastifyInstance> {
  const { config, stopFake } = await withSmsFake(settings);
  const feed = new ChangeFeed();
  await feed.start(database);
  const blobs = parts.blobs ?? (await blobStoreFor(config));
  const app = await composeApi(config, database, {
    verifier: parts.verifier ?? tokenVerifierFor(config),
    clock: parts.clock,
    blobs,
    feed,
    logger: parts.logger,
  });
  const signInLinks = parts.signInLinks ?? firebaseSignInLinks(config.firebaseProjectId, config.firebaseWeb.apiKey);
  const makeSignInLinks = () => makeRequestedSignInLinks(database.db, signInLinks.create, config.site, app.log);
  const outboxOptions = { pollMs: config.outboxPollMs, messageIdDomain: config.messageIdDomain, retryAfterS: config.outboxRetryAfterS };
  const outbox = new EmailOutboxWorker(database, mailerFor(config), app.log, outboxOptions, blobs, makeSignInLinks);
  app.decorate('emailOutbox', outbox);
  const smsOptions = { pollMs: config.outboxPollMs, retryAfterS: config.outboxRetryAfterS };
  const sms = new SmsOutboxWorker(database, smsSenderFor(config), app.log, app.clock, smsOptions);
  app.decorate('smsOutbox', sms);
  app.addHook('onClose', async () => {
    await sms.close();
    await outbox.close();
    await feed.close();
    await stopFake();
  });
  await outbox.start();
  await sms.start();
  await registerWorker(database.db, 'billing');
  app.billing.start();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox worker: tests wake it to send what is due at once. */
    emailOutbox: EmailOutboxWorker;
    /** Charges each month's delivery on its charge date: started with the backend, run by a schedule on Firebase, and by tests at the time they set. */
    billing: BillingWorker;
    /** The text outbox worker: tests wake it to send what is due at once. */
    smsOutbox: SmsOutboxWorker;
    /** The time the app judges by (the test clock's, with one). */
    clock: () => Date;
    /** What operators watch (http/metrics.ts). */
    metrics: Metrics;
  }
}

/**
 * SMS_FAKE=true: the local fake Twilio runs in this process on a free port, the texts go to it
 * through the real SDK, and what it received is logged to DATA_DIR/sms-fake.jsonl.
 */
async function withSmsFake(config: ServerConfig): Promise<{ config: ServerConfig; stopFake: () => Promise<void> }> {
  if (!config.twilio?.fake) return { config, stopFake: async () => undefined };
  const fake = new FakeTwilio(config.twilio.accountSid, config.twilio.authToken, path.join(config.dataDir, 'sms-fake.jsonl'));
  const apiBase = await fake.start();
  return { config: { ...config, twilio: { ...config.twilio, apiBase } }, stopFake: () => fake.close() };
}
