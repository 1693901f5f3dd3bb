import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../src/config';
import { firebaseTokenVerifier } from '../../src/auth/token-verifier';
import { buildServer } from '../../src/http/server';
import type { Database } from '../../src/db/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChangeFeed } from '../../src/services/change-feed';
import { localBlobStore, type BlobStore } from '../../src/services/blob-store';
import { TEST_PROJECT_ID } from './identities';

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    SERVE_STATIC: 'false',
    ...env,
  });
}

export interface TestServerOptions {
  config?: ServerConfig;
  blobs?: BlobStore;
  feed?: ChangeFeed;
  /** Where the server's JSON log lines go; by default it logs nothing. */
  logTo?: { write: (line: string) => void };
}

/** The real server on a test database; its change feed listens to that database. */
export async function startTestServer(database: Database, options: TestServerOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? testConfig();
  const feed = options.feed ?? new ChangeFeed();
  if (!options.feed) await feed.start(database);
  const blobs = options.blobs ?? localBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-blobs-')));
  const app = await buildServer({ config, database, verifier: firebaseTokenVerifier(config.firebaseProjectId), blobs, feed, logger: options.logTo ? { level: 'info', stream: options.logTo } : false });
  app.addHook('onClose', async () => {
    if (!options.feed) await feed.close();
  });
  return app;
}
