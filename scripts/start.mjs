#!/usr/bin/env node
// `pnpm start`: the whole product on one port with embedded defaults (PGlite, the Firebase
// Auth emulator, no keys). Builds what is not built; Ctrl-C stops everything it started.
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildStale, repoRoot } from './lib/builds.mjs';
import { onStop, run, stopAll, stopOnSignals } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const { startAuthEmulator, waitForHttp } = require('./lib/auth-emulator.cjs');

const port = Number(process.env.PORT ?? 8080);
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-monthly-blooms';
const adminEmails = process.env.ADMIN_EMAILS ?? 'admin@example.com';
const usesRealFirebase = Boolean(process.env.FIREBASE_API_KEY) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;

stopOnSignals();

buildStale();

const env = { ...process.env, PORT: String(port), FIREBASE_PROJECT_ID: projectId, ADMIN_EMAILS: adminEmails };
if (!usesRealFirebase && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.log('Starting the Firebase Auth emulator…');
  const emulator = await startAuthEmulator({ port: emulatorPort, projectId });
  onStop(emulator.stop);
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

console.log('Starting the backend…');
run('The backend', process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(repoRoot, 'functions'),
  env,
});
try {
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000);
} catch (error) {
  console.error(`The backend did not become healthy: ${error.message}`);
  await stopAll(1);
}

const firstAdmin = adminEmails.split(',')[0].trim();
console.log(`
  Monthly Blooms is running at http://localhost:${port}

  Staff sign-in: open http://localhost:${port}/login, press "Sign in with Google"
  and enter ${firstAdmin}${usesRealFirebase ? '' : ' in the local sign-in dialog (no Google account needed)'}.
  Press Ctrl-C to stop.
`);
