import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { runBackend } from '../../src/backend';
import type { SignInLinks } from '../../src/auth/sign-in-links';
import { localBlobStore, type BlobStore } from '../../src/infrastructure/blob-store';
import { TEST_PROJECT_ID } from './identities';
import { testNow } from './test-now';

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    SERVE_STATIC: 'false',
    // E-mails go to a folder of the test's own unless it says otherwise.
    OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-mail-')),
    ...env,
  });
}

export interface TestServerOptions {
  config?: ServerConfig;
  blobs?: BlobStore;
  /** The time subscribers' changes are judged at (default: the suite's, testNow). */
  clock?: () => Date;
  /** Makes the e-mailed sign-in links (default: the Auth emulator). */
  signInLinks?: SignInLinks;
  /** Where the server's JSON log lines go; by default it logs nothing. */
  logTo?: { write: (line: string) => void };
}

/** The real backend (live feed, e-mail outbox worker, HTTP app) on a test database. */
export async function startTestServer(database: Database, options: TestServerOptions = {}): Promise<FastifyInstance> {
  return runBackend(options.config ?? testConfig(), database, {
    clock: options.clock ?? testNow,
    signInLinks: options.signInLinks,
    blobs: options.blobs ?? localBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-blobs-'))),
    logger: options.logTo ? { level: 'info', stream: options.logTo } : false,
  });
}
