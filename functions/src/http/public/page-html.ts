import fs from 'node:fs';
import path from 'node:path';
import { copyright, COPYRIGHT_PATTERN } from '@blooms/shared/contract/copyright';
import { escapeHtml } from '@blooms/shared/contract/html';
import { remotePackage, type RemoteName } from '@blooms/shared/contract/remotes';
import type { LiveSite } from './live-site';
import { DEFAULT_SITE_CONTACT, phoneHref, type SiteContact } from '@blooms/shared/contract/site';
import {
  PRERENDER_FILE,
  PRERENDER_STYLES_FILE,
  SCREEN_SLOT,
  type HostPrerender,
  type PrerenderedScreen,
  type RemotePrerender,
} from '@blooms/shared/contract/prerender';
import { PRERENDERED } from '@blooms/shared/contract/app-start';

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
  /** This deployment's contact details; the apps prerendered DEFAULT_SITE_CONTACT. */
  site?: SiteContact;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each deployment's rewrite, made once: pages are composed on every request. */
const contactRewrites = new WeakMap<SiteContact, (html: string) => string>();

function contactRewriteFor(site: SiteContact): (html: string) => string {
  const asBuilt = DEFAULT_SITE_CONTACT;
  const pairs: [string, string][] = [
    [asBuilt.contactEmail, site.contactEmail],
    [phoneHref(asBuilt.phone), phoneHref(site.phone)],
    [asBuilt.phone, site.phone],
    [asBuilt.streetAddress, site.streetAddress],
    [asBuilt.sisterStudioName, site.sisterStudioName],
    [asBuilt.sisterStudioUrl, site.sisterStudioUrl],
    ...asBuilt.social.map((link, i): [string, string] => [link.url, site.social[i]?.url ?? link.url]),
  ];
  const rewrites = new Map(
    pairs.filter(([built, configured]) => built !== configured).map(([built, configured]) => [escapeHtml(built), escapeHtml(configured)]),
  );
  if (rewrites.size === 0) return (html) => html;
  const longestFirst = [...rewrites.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(longestFirst.join('|'), 'g');
  return (html) => html.replace(pattern, (built) => rewrites.get(built)!);
}

/**
 * Puts this deployment's contact details where the build prerendered the defaults, so
 * crawlers and visitors before hydration see the real ones, and React hydrates text that
 * matches what it renders. One pass: a configured value is never rewritten again.
 */
export function withSiteContact(html: string, site: SiteContact): string {
  let rewrite = contactRewrites.get(site);
  if (!rewrite) contactRewrites.set(site, (rewrite = contactRewriteFor(site)));
  return rewrite(html);
}

/** Whether a page arrives with its content (the app takes it over) rather than an empty root. */
export function isPrerendered(html: string): boolean {
  return !EMPTY_ROOT.test(html);
}

/** The host's page with the route's shell and screen already in it, ready for React to hydrate. */
export function composePage({ index, shell, screen, css, publicPath, site = DEFAULT_SITE_CONTACT }: PageParts): string {
  const screenHtml = screen.body.replaceAll(publicPath.token, publicPath.url);
  const hints = [...new Set(`${shell.head}${screen.head.replaceAll(publicPath.token, publicPath.url)}`.match(/<link [^>]*\/>/g) ?? [])];
  let page = index
    .replace(TITLE, () => `<title>${escapeHtml(screen.title)}</title>`)
    .replace('</head>', () => `${hints.join('')}<style ${PRERENDERED.inlineStyles}>${css}</style></head>`)
    .replace(EMPTY_ROOT, () => `<div id="${PRERENDERED.rootId}">${shell.body.replace(SCREEN_SLOT, () => screenHtml)}</div>`);
  if (screen.description) page = page.replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(screen.description!)}">`);
  return withSiteContact(page, site);
}

/** The host or a remote: an app whose built files a page is made from. */
export type AppName = 'host' | RemoteName;

/**
 * Where the built apps' files are read from: their build folders (the standalone server) or
 * the sites they are deployed to (Firebase Hosting). A source hands back the same string
 * while a file is unchanged, so what is parsed from it can be kept.
 */
export interface AppFiles {
  /** The host's page, with an empty root. */
  readonly pageTemplate: string;
  read: (app: AppName, file: string) => Promise<string | null>;
}

/**
 * The folders an app is served from on the standalone server, first match wins: for a remote,
 * its releases (pinned versions, docs/releases.md) over its build folder; for the host, its build.
 */
export function appDirs(staticRoot: string, releasesDir: string | null, app: AppName): string[] {
  const build = path.join(staticRoot, app === 'host' ? 'host' : remotePackage(app), 'dist');
  return app === 'host' || !releasesDir ? [build] : [path.join(releasesDir, app), build];
}

/** The apps' folders on disk (appDirs): a file is read again only when it changed on disk. */
export function diskAppFiles(staticRoot: string, releasesDir: string | null = null): AppFiles {
  const cache = new Map<string, { mtimeMs: number; text: string }>();
  const readFile = async (fullPath: string): Promise<string | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(fullPath)).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(fullPath);
    if (cached?.mtimeMs === mtimeMs) return cached.text;
    const text = await fs.promises.readFile(fullPath, 'utf8');
    cache.set(fullPath, { mtimeMs, text });
    return text;
  };
  return {
    pageTemplate: 'index.html',
    async read(app, file) {
      for (const dir of appDirs(staticRoot, releasesDir, app)) {
        const text = await readFile(path.join(dir, file));
        if (text !== null) return text;
      }
      return null;
    },
  };
}

/**
 * The apps' files from the sites they are deployed to (each app its own Hosting site): kept
 * for maxAgeMs, then revalidated with the ETag. When a site cannot be reached, the copy
 * already held is used.
 */
export function hostedAppFiles(
  baseUrls: Record<AppName, string>,
  options: { maxAgeMs: number; pageTemplate: string; fetch?: typeof fetch; now?: () => number },
): AppFiles {
  const get = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { text: string | null; etag: string | null; checkedAt: number }>();
  return {
    pageTemplate: options.pageTemplate,
    async read(app, file) {
      const url = new URL(file, baseUrls[app]).toString();
      const cached = cache.get(url);
      if (cached && now() - cached.checkedAt < options.maxAgeMs) return cached.text;
      try {
        const response = await get(url, {
          headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
          signal: AbortSignal.timeout(3000),
        });
        if (response.status === 304 && cached) {
          cached.checkedAt = now();
          return cached.text;
        }
        const text = response.ok ? await response.text() : null;
        cache.set(url, { text, etag: response.ok ? response.headers.get('etag') : null, checkedAt: now() });
        return text;
      } catch (error) {
        if (cached) return cached.text;
        throw error;
      }
    },
  };
}

/** Parses JSON once per text: the sources hand back the same string while a file is unchanged. */
export function jsonReader() {
  const parsed = new Map<string, { text: string; value: unknown }>();
  return <T>(key: string, text: string | null): T | null => {
    if (text === null) return null;
    const cached = parsed.get(key);
    if (cached?.text === text) return cached.value as T;
    const value = JSON.parse(text) as T;
    parsed.set(key, { text, value });
    return value;
  };
}

/**
 * The HTML page for a path: prerendered where the host and the route's live remote build have
 * both prerendered it, otherwise the host's plain page (React renders it in the browser). Null
 * when there is no host build at all.
 */
export function createPageHtml(files: AppFiles, site: SiteContact, log: (error: unknown) => void, now: () => Date = () => new Date()) {
  const json = jsonReader();

  return async (pathname: string, live: LiveSite): Promise<string | null> => {
    const index = await files.read('host', files.pageTemplate);
    if (index === null) return null;
    const route = live.routes.find((candidate) => candidate.path === pathname && candidate.access === 'public' && !candidate.unavailable);
    if (!route) return index;
    const { folder, manifestUrl } = live.remotes[route.remote];
    try {
      const [hostPages, remotePages, hostCss, remoteCss] = await Promise.all([
        files.read('host', PRERENDER_FILE),
        files.read(route.remote, `${folder}${PRERENDER_FILE}`),
        files.read('host', PRERENDER_STYLES_FILE),
        files.read(route.remote, `${folder}${PRERENDER_STYLES_FILE}`),
      ]);
      const shell = json<HostPrerender>('host', hostPages)?.shells[pathname];
      const remote = json<RemotePrerender>(`${route.remote}/${folder}`, remotePages);
      const screen = remote?.screens[route.module];
      if (!shell || !remote || !screen) return index;
      const css = `${hostCss ?? ''}${remoteCss ?? ''}`;
      const page = composePage({
        index,
        shell,
        screen,
        css,
        publicPath: { token: remote.publicPath, url: remoteBaseUrl(manifestUrl) },
        site,
      });
      // Built in an earlier year, perhaps: the year of the moment the page is served.
      return page.replace(COPYRIGHT_PATTERN, () => copyright(now()));
    } catch (error) {
      // A broken prerender must never take the page down: the browser can still render it.
      log(error);
      return index;
    }
  };
}
