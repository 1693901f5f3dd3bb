import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { firebaseTokenVerifier } from './auth/token-verifier';
import { ensureAdmins } from './services/users';
import { localBlobStore } from './services/blob-store';
import { ChangeFeed } from './services/change-feed';
import { seedDemoData } from './services/demo-data';
import { buildServer } from './http/server';

export interface Backend {
  app: FastifyInstance;
  /** Stops taking requests, then closes the live feed and the database. */
  close: () => Promise<void>;
}

/**
 * The backend put together from its settings: database (migrated), admins from the settings,
 * demo data, live feed, photo store and the HTTP app. Every entry point (the standalone
 * server, a Cloud Function) starts it this way and only differs in how requests reach it.
 */
export async function startBackend(config: ServerConfig): Promise<Backend> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const created = await ensureAdmins(database.db, config.adminEmails);
  const seeded = config.demoData ? await seedDemoData(database.db) : 0;

  const feed = new ChangeFeed();
  await feed.start(database);
  const blobs = localBlobStore(path.join(config.dataDir, 'blobs'));
  const app = await buildServer({ config, database, verifier: firebaseTokenVerifier(config.firebaseProjectId), blobs, feed });
  if (created.length > 0) app.log.info({ admins: created }, 'created admin user records from ADMIN_EMAILS');
  if (seeded > 0) app.log.info({ subscriptions: seeded }, 'added demo subscriptions to the empty local database');
  app.log.info({ database: database.kind, authEmulator: config.authEmulatorHost }, 'backend ready');

  return {
    app,
    close: async () => {
      await app.close();
      await feed.close();
      await database.close();
    },
  };
}
