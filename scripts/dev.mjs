#!/usr/bin/env node
// `pnpm dev`: webpack dev servers for the host (http://localhost:3000) and each remote,
// the backend in watch mode, and the Firebase Auth emulator. Ctrl-C stops everything.
import path from 'node:path';
import { createRequire } from 'node:module';
import { APPS, REMOTES, repoRoot } from './lib/builds.mjs';
import { onStop, run, stopOnSignals } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const { startAuthEmulator } = require('./lib/auth-emulator.cjs');

const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-monthly-blooms';

stopOnSignals();

const emulator = await startAuthEmulator({ port: Number(process.env.AUTH_EMULATOR_PORT ?? 9099), projectId });
onStop(emulator.stop);

const remoteUrls = Object.fromEntries(
  Object.entries(REMOTES).map(([name, { devPort }]) => [
    `REMOTE_${name.toUpperCase()}_URL`,
    `http://localhost:${devPort}/mf-manifest.json`,
  ]),
);
run('The backend', path.join(repoRoot, 'functions', 'node_modules', '.bin', 'tsx'), ['watch', 'src/main.ts'], {
  cwd: path.join(repoRoot, 'functions'),
  env: {
    ...process.env,
    ...remoteUrls,
    PORT: '8080',
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SERVE_STATIC: 'false',
  },
});
for (const app of APPS) {
  run(app, 'pnpm', ['--filter', `./${app}`, 'dev'], { cwd: repoRoot });
}
console.log('\n  Dev servers starting: open http://localhost:3000 (API on http://localhost:8080)\n');
