import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { firebaseTokenVerifier } from './auth/token-verifier';
import { ensureAdmins } from './services/users';
import { localBlobStore } from './services/blob-store';
import { ChangeFeed } from './services/change-feed';
import { seedDemoData } from './services/demo-data';
import { buildServer } from './http/server';

async function main(): Promise<void> {
  const config = loadConfig();
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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await feed.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('The backend could not start:', error);
  process.exit(1);
});
