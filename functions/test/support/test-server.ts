import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../src/config';
import { firebaseTokenVerifier } from '../../src/auth/token-verifier';
import { buildServer } from '../../src/http/server';
import type { Database } from '../../src/db/database';
import { TEST_PROJECT_ID } from './identities';

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    SERVE_STATIC: 'false',
    ...env,
  });
}

export function startTestServer(database: Database, config: ServerConfig = testConfig()): Promise<FastifyInstance> {
  return buildServer({ config, database, verifier: firebaseTokenVerifier(config.firebaseProjectId), logger: false });
}
