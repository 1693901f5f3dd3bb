#!/usr/bin/env node
// `pnpm --filter functions build`: compiles the standalone server and the operator commands to
// plain JavaScript in functions/dist, which `pnpm start` and a self-hosted server run with
// `node`. The workspace's own packages (TypeScript sources) are compiled in; everything from
// node_modules stays a require(), so native modules (sharp, PGlite) load as installed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const functionsDir = path.dirname(fileURLToPath(import.meta.url));

/** The programs in dist: the server, `pnpm backup`/`restore`, and `pnpm outbox:retry`. */
export const ENTRY_POINTS = {
  main: 'src/main.ts',
  'backup-cli': 'src/backup/cli.ts',
  'outbox-retry': 'src/infrastructure/outbox-retry-cli.ts',
};

const workspaceInlined = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@blooms/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(functionsDir, file)])),
    outdir: path.join(functionsDir, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [workspaceInlined],
    sourcemap: 'linked',
    keepNames: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
