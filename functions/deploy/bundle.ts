import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../src/config';
import { functionsRegion } from '../src/firebase/settings';
import { FUNCTIONS_DIR } from './firebase-json';
import { deploymentSettings } from './settings-files';

/**
 * Left out of the bundle and installed by Cloud Functions from the bundle's package.json:
 * firebase-tools looks for firebase-functions there, the Google clients are large, sharp
 * brings its native image library for the platform it is installed on, heic-decode its
 * WebAssembly, and the embedded database is refused under Functions (it is never loaded there).
 */
const INSTALLED = [
  'firebase-functions',
  'firebase-admin',
  '@google-cloud/cloud-sql-connector',
  '@google-cloud/storage',
  'sharp',
  'heic-decode',
];
const NEVER_LOADED = ['@electric-sql/pglite', 'pg-native'];

/** .env and .env.<project-id>; never .env.local or .secret.local, which are the emulator's. */
const SETTINGS_FILE = /^\.env(\.(?!local$|example$)[\w-]+)?$/;

function installedVersion(name: string): string {
  const manifest = path.join(REPO_ROOT, 'functions', 'node_modules', ...name.split('/'), 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * What `firebase deploy --only functions` uploads: one bundled index.js (the workspace's own
 * packages inlined, since `workspace:` dependencies do not install there), a plain
 * package.json, and the migrations the backend applies at start.
 */
export async function bundleFunctions(outDir = path.join(REPO_ROOT, FUNCTIONS_DIR)): Promise<{ outDir: string; bytes: number }> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'functions', 'src', 'firebase', 'index.ts')],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: [...INSTALLED, ...NEVER_LOADED],
    minify: true,
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(REPO_ROOT, 'functions', 'drizzle'), path.join(outDir, 'drizzle'), { recursive: true });
  // The deployment's settings (functions/.env.<project-id>, see docs/deploy-firebase.md) go along.
  for (const file of fs.readdirSync(path.join(REPO_ROOT, 'functions'))) {
    if (SETTINGS_FILE.test(file)) fs.copyFileSync(path.join(REPO_ROOT, 'functions', file), path.join(outDir, file));
  }
  const manifest = {
    name: 'monthly-blooms-functions',
    private: true,
    main: 'index.js',
    engines: { node: '20' },
    dependencies: Object.fromEntries(INSTALLED.map((name) => [name, installedVersion(name)])),
  };
  fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  return { outDir, bytes };
}

/**
 * Before a deploy (firebase-tools names the project in GCLOUD_PROJECT): the project's settings
 * file exists, and firebase.json's rewrites name the region those settings put the functions in.
 */
export function checkDeployment(
  projectId: string,
  firebaseJsonText: string,
  settings: Record<string, string>,
  settingsFound: boolean,
): string[] {
  const problems: string[] = [];
  if (!settingsFound)
    problems.push(
      `functions/.env.${projectId} is missing: copy functions/.env.example to it and fill it in (docs/deploy-firebase.md, step 6).`,
    );
  const region = functionsRegion(settings);
  const named = new Set<string>();
  for (const site of (JSON.parse(firebaseJsonText) as { hosting: { rewrites?: { function?: { region?: string } }[] }[] }).hosting) {
    for (const rewrite of site.rewrites ?? []) if (rewrite.function?.region) named.add(rewrite.function.region);
  }
  if ([...named].some((r) => r !== region)) {
    problems.push(
      `firebase.json sends the site to functions in ${[...named].join(', ')}, but the settings put them in ${region}: run \`pnpm firebase:config ${projectId}\`.`,
    );
  }
  return problems;
}

if (require.main === module) {
  const projectId = process.env.GCLOUD_PROJECT;
  if (projectId) {
    const found = fs.existsSync(path.join(REPO_ROOT, 'functions', `.env.${projectId}`));
    const problems = checkDeployment(
      projectId,
      fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8'),
      deploymentSettings(projectId),
      found,
    );
    if (problems.length > 0) {
      console.error(`Not deploying:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
      process.exit(1);
    }
  }
  bundleFunctions().then(
    ({ outDir, bytes }) =>
      console.log(`Functions bundle in ${path.relative(REPO_ROOT, outDir)} (${Math.round(bytes / 1024)} KB with its source map)`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
