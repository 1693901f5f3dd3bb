import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@blooms/shared/contract/html';
import type { RemoteName } from '@blooms/shared/contract/remotes';
import { REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import {
  PRERENDER_FILE,
  PRERENDER_STYLES_FILE,
  SCREEN_SLOT,
  type HostPrerender,
  type PrerenderedScreen,
  type RemotePrerender,
} from '@blooms/shared/contract/prerender';

/** Where a remote's files are served from: the folder of its manifest. */
export function remoteBaseUrl(manifestUrl: string): string {
  return manifestUrl.replace(/[^/]*$/, '');
}

/** The host's index.html, minified or not: the empty root, the title and the meta description. */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"? content=(?:"[^"]*"|[^\s>]+)\s*\/?>/;

export interface PageParts {
  index: string;
  shell: HostPrerender['shells'][string];
  screen: PrerenderedScreen;
  css: string;
  /** The placeholder the remote's build wrote for its URL, and the URL it is served from. */
  publicPath: { token: string; url: string };
}

/** The host's page with the route's shell and screen already in it, ready for React to hydrate. */
export function composePage({ index, shell, screen, css, publicPath }: PageParts): string {
  const screenHtml = screen.body.replaceAll(publicPath.token, publicPath.url);
  const hints = [...new Set(`${shell.head}${screen.head.replaceAll(publicPath.token, publicPath.url)}`.match(/<link [^>]*\/>/g) ?? [])];
  let page = index
    .replace(TITLE, () => `<title>${escapeHtml(screen.title)}</title>`)
    .replace('</head>', () => `${hints.join('')}<style data-prerendered>${css}</style></head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${shell.body.replace(SCREEN_SLOT, () => screenHtml)}</div>`);
  if (screen.description) page = page.replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(screen.description!)}">`);
  return page;
}

/**
 * Reads (and parses) a file again only when it has changed on disk: a redeployed app shows
 * at once, and an unchanged one costs a stat per request, not a read and a JSON parse.
 */
class ChangedFileReader {
  private readonly cache = new Map<string, { mtimeMs: number; value: unknown }>();

  private load<T>(file: string, parse: (text: string) => T): T | null {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = this.cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value as T;
    const value = parse(fs.readFileSync(file, 'utf8'));
    this.cache.set(file, { mtimeMs, value });
    return value;
  }

  read(file: string): string | null {
    return this.load(file, (text) => text);
  }

  readJson<T>(file: string): T | null {
    return this.load(file, (text) => JSON.parse(text) as T);
  }
}

/**
 * The HTML page for a path: prerendered where the host and the route's remote have both
 * prerendered it, otherwise the host's plain page (React renders it in the browser). Null
 * when there is no host build at all.
 */
export function createPageHtml(staticRoot: string, remotes: Record<RemoteName, string>, log: (error: unknown) => void) {
  const files = new ChangedFileReader();
  const hostDist = path.join(staticRoot, 'host', 'dist');

  return (pathname: string): string | null => {
    const index = files.read(path.join(hostDist, 'index.html'));
    if (index === null) return null;
    const route = REMOTE_ROUTES.find((candidate) => candidate.path === pathname && candidate.access === 'public');
    if (!route) return index;
    try {
      const remoteDist = path.join(staticRoot, `${route.remote}-remote`, 'dist');
      const shell = files.readJson<HostPrerender>(path.join(hostDist, PRERENDER_FILE))?.shells[pathname];
      const remote = files.readJson<RemotePrerender>(path.join(remoteDist, PRERENDER_FILE));
      const screen = remote?.screens[route.module];
      if (!shell || !remote || !screen) return index;
      const css = `${files.read(path.join(hostDist, PRERENDER_STYLES_FILE)) ?? ''}${files.read(path.join(remoteDist, PRERENDER_STYLES_FILE)) ?? ''}`;
      return composePage({ index, shell, screen, css, publicPath: { token: remote.publicPath, url: remoteBaseUrl(remotes[route.remote]) } });
    } catch (error) {
      // A broken prerender must never take the page down: the browser can still render it.
      log(error);
      return index;
    }
  };
}
