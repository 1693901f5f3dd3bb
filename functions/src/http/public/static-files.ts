import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { APP_CONFIG_PATH } from '@blooms/shared/contract/app-config';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { needsAuthAtOnce, remoteOfPath } from '@blooms/shared/contract/routes';
import type { HostStartupFiles } from '@blooms/shared/contract/app-start';
import { appDirs, remoteBaseUrl } from './page-html';
import type { LiveSite } from './live-site';

/** Content-hashed file names (name.0123abcd.js) never change content: cache them for a year. */
export const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The file a request is for, also when the precompressed copy (name.js.br) is sent. */
const servedName = (filePath: string) => path.basename(filePath).replace(/\.(br|gz)$/, '');

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(servedName(filePath)) ? IMMUTABLE : 'no-cache';
}

/** Each app's URL prefix and the folders it is served from, first match wins (appDirs). */
export function appServedDirs(staticRoot: string, releasesDir: string | null): { prefix: string; dirs: string[] }[] {
  return [
    ...REMOTE_NAMES.map((name) => ({ prefix: `/remotes/${name}/`, dirs: appDirs(staticRoot, releasesDir, name) })),
    { prefix: '/', dirs: appDirs(staticRoot, releasesDir, 'host') },
  ];
}

/** The page's one script (host/public/start.js), which adds the host's entry to the page. */
const START_SCRIPT = '/start.js';
const HOST_ENTRY = '/main.js';

/**
 * Preload hints sent with a page that is not prerendered (it needs the app at once): start.js,
 * the host's entry, the site configuration, the manifest and entry of the remote that the
 * requested path needs, and the host's chunks that its entry loads at once (its build's
 * startup-files.json: on a staff page or /login Firebase Auth's first, then the app's). The
 * browser fetches them side by side, instead of the entry waiting for start.js, and the
 * chunks for the entry.
 */
export function preloadLinks(pathname: string, live: LiveSite, startup: HostStartupFiles | null = null): string {
  // start.js first: a deferred script is fetched at low priority, behind every preload below,
  // and it is what runs the entry.
  const links = [
    `<${START_SCRIPT}>; rel=preload; as=script`,
    `<${HOST_ENTRY}>; rel=preload; as=script`,
    `<${APP_CONFIG_PATH}>; rel=preload; as=fetch; crossorigin=anonymous`,
  ];
  const remote = remoteOfPath(live.routes, pathname);
  if (remote) {
    const manifest = live.remotes[remote].manifestUrl;
    const entry = `${remoteBaseUrl(manifest)}remoteEntry.js`;
    links.push(`<${manifest}>; rel=preload; as=fetch; crossorigin=anonymous`, `<${entry}>; rel=preload; as=script`);
  }
  const chunks = new Set([...(startup && needsAuthAtOnce(live.routes, pathname) ? startup.signIn : []), ...(startup?.app ?? [])]);
  for (const file of chunks) links.push(`</${file}>; rel=preload; as=${file.endsWith('.css') ? 'style' : 'script'}`);
  return links.join(', ');
}

/**
 * Serves the built host at / and each remote under /remotes/{name}/, its shipped versions
 * (docs/releases.md) beside its latest build. Manifests and remoteEntry.js are revalidated on
 * every load, so a redeployed remote shows at once. Pages themselves are sent by the server's
 * page handler (page-html.ts).
 */
export async function registerStaticFiles(app: FastifyInstance, staticRoot: string, releasesDir: string | null): Promise<void> {
  for (const { prefix, dirs } of appServedDirs(staticRoot, releasesDir)) {
    const build = dirs.at(-1)!;
    if (!fs.existsSync(build)) app.log.warn({ dir: build }, 'build output missing; run `pnpm build`');
    await app.register(fastifyStatic, {
      // Every folder, also one that is not there yet: `pnpm release ship` may write a remote's
      // releases while the server runs, and a file is looked for in each folder per request.
      root: dirs,
      suppressWarning: true,
      prefix,
      decorateReply: prefix === '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      // Builds ship .br and .gz copies (best-quality compression, made once): send those.
      preCompressed: true,
      // Builds keep source maps for debugging; they are not for the public.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  }
}
