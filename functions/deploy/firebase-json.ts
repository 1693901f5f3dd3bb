import { REMOTE_NAMES, remotePackage } from '@blooms/shared/contract/remotes';
import { HASHED_FILE, IMMUTABLE } from '../src/http/public/static-files';
import { BACKEND_PATHS } from '../src/http/paths';

/** The Hosting sites: the host (pages, API rewrites) and one per remote, deployable alone. */
export const SITES = ['host', ...REMOTE_NAMES] as const;
export type Site = (typeof SITES)[number];

/** Where `pnpm firebase:build` leaves what `firebase deploy` uploads (relative to the repository). */
export const DEPLOY_DIR = 'firebase-dist';
export const FUNCTIONS_DIR = `${DEPLOY_DIR}/functions`;
export const hostingDir = (site: Site) => `${DEPLOY_DIR}/hosting/${site}`;
export const packageOf = (site: Site) => (site === 'host' ? 'host' : remotePackage(site));

export interface FirebaseJsonOptions {
  region: string;
  /** The repository as seen from where the file is written (the test suite writes its own elsewhere). */
  repoPath?: string;
  /** Emulator ports, for the tests; a deployable firebase.json has none. */
  emulators?: { hosting: number; functions: number; auth: number; ui?: false };
}

const header = (key: string, value: string) => ({ key, value });

function hosting(site: Site, region: string, repoPath: string) {
  const remote = site !== 'host';
  return {
    target: site,
    public: `${repoPath}${hostingDir(site)}`,
    // Builds the app and copies its files without source maps and precompressed copies (Hosting compresses itself).
    predeploy: [`pnpm --filter ${packageOf(site)} build`, `pnpm --filter functions exec tsx deploy/stage-hosting.ts ${site}`],
    headers: [
      // Files under a fixed name (index.html, remoteEntry.js, mf-manifest.json, app-config.json,
      // main.js) are checked on every load, so a deployment shows at once...
      { glob: '**/*.*', headers: [header('Cache-Control', 'no-cache')] },
      // ...and content-hashed ones never change: a year (the later rule wins).
      { regex: `^.*${HASHED_FILE.source}`, headers: [header('Cache-Control', IMMUTABLE)] },
      // The host's pages load a remote's files from the remote's own site.
      ...(remote
        ? [{ glob: '**', headers: [header('Access-Control-Allow-Origin', '*'), header('Cross-Origin-Resource-Policy', 'cross-origin')] }]
        : []),
    ],
    ...(remote
      ? {}
      : {
          rewrites: hostRewrites(region),
        }),
  };
}

/**
 * Where the host site sends what is not a file, first match first: the backend's paths (the
 * API, the test checkout) to the api function, and everything else (every page,
 * /app-config.json, robots.txt, sitemap.xml and the 404 page) to the pages function.
 */
export function hostRewrites(region: string) {
  return [
    ...BACKEND_PATHS.map((path) => ({ source: `${path}/**`, function: { functionId: 'api', region } })),
    { source: '**', function: { functionId: 'pages', region } },
  ];
}

/** firebase.json: five Hosting sites and the functions bundle (see docs/deploy-firebase.md). */
export function firebaseJson({ region, repoPath = '', emulators }: FirebaseJsonOptions) {
  return {
    hosting: SITES.map((site) => hosting(site, region, repoPath)),
    functions: [
      {
        source: `${repoPath}${FUNCTIONS_DIR}`,
        codebase: 'default',
        runtime: 'nodejs20',
        predeploy: ['pnpm --filter functions firebase:bundle'],
      },
    ],
    ...(emulators
      ? {
          emulators: {
            hosting: { host: '127.0.0.1', port: emulators.hosting },
            functions: { host: '127.0.0.1', port: emulators.functions },
            auth: { host: '127.0.0.1', port: emulators.auth },
            ui: { enabled: false },
            singleProjectMode: true,
          },
        }
      : {}),
  };
}

/** .firebaserc: the project and which Hosting site each target deploys to (site IDs default to <project>-<site>). */
export function firebaserc(projectId: string, siteIds: Partial<Record<Site, string>> = {}) {
  const siteId = (site: Site) => siteIds[site] ?? (site === 'host' ? projectId : `${projectId}-${site}`);
  return {
    projects: { default: projectId },
    targets: { [projectId]: { hosting: Object.fromEntries(SITES.map((site) => [site, [siteId(site)]])) } },
  };
}
