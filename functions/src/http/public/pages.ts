import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aliasTarget, isSitePage } from '@blooms/shared/contract/routes';
import type { ServerConfig } from '../../config';
import { createPageHtml, isPrerendered, jsonReader, type AppFiles } from './page-html';
import type { LiveSite } from './live-site';
import { HOST_STARTUP_FILES, type HostStartupFiles } from '@blooms/shared/contract/app-start';
import { preloadLinks } from './static-files';
import { isBackendPath } from '../paths';
import { noSuchRouteMessage } from '@blooms/shared/contract/unreadable-reply';

/**
 * The site's pages: the host's page, prerendered where it can be, for the site's routes, and
 * with status 404 for unknown paths (the host renders its 404 page). Other unknown requests
 * get a JSON 404. Without app files (an API-only backend) every unknown request is a JSON 404.
 */
export function registerPages(
  app: FastifyInstance,
  config: ServerConfig,
  files: AppFiles | null,
  liveSite: () => Promise<LiveSite>,
  cacheControl: string,
  clock: () => Date = () => new Date(),
): void {
  const pageHtml = files
    ? createPageHtml(
        files,
        config.site,
        (error) => app.log.error({ err: error }, 'prerendered page unusable; sending the plain page'),
        clock,
      )
    : null;

  const json = jsonReader();
  /** What the host's entry loads at once; null when its build has no such list (the hints then leave the chunks out). */
  const startupFiles = async () => {
    try {
      return files ? json<HostStartupFiles>(HOST_STARTUP_FILES, await files.read('host', HOST_STARTUP_FILES)) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'startup-files.json unreadable; preload hints leave the chunks out');
      return null;
    }
  };

  /** Sends the page for the request's path; false when there is no host build to make it from. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!pageHtml) return false;
    const url = new URL(request.url, 'http://x');
    const pathname = url.pathname;
    // A short address of a page (/about, /collections): that page, for good (links and bookmarks learn it).
    const alias = aliasTarget(pathname);
    if (alias) {
      reply.header('Cache-Control', cacheControl).redirect(`${alias}${url.search}`, 301);
      return true;
    }
    const live = await liveSite();
    const html = await pageHtml(pathname, live);
    if (!html) return false;
    reply.status(isSitePage(live.routes, pathname) ? 200 : 404).header('Cache-Control', cacheControl);
    // A prerendered page starts the app only when the visitor starts using it
    // (host/public/start.js): hints would fetch the app's files for every visitor, and ahead
    // of the page's own. An empty page needs the app at once, and the hints let its files
    // load side by side.
    if (!isPrerendered(html)) reply.header('Link', preloadLinks(pathname, live, await startupFiles()));
    // A page that isolates itself from its opener (any other policy) makes the browser start a
    // new renderer process for it: on a phone (Lighthouse, 4x slowdown) that cold start doubled
    // the first layout and put 200-500 ms of blocking time on every visit. A prerendered page is
    // the public site's, the same for everyone, and has nothing an opener could read; the pages
    // that sign in or hold anyone's data keep "same-origin-allow-popups" (security-headers.ts).
    else reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    reply.type('text/html; charset=utf-8').send(html);
    return true;
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ error: 'not-found', message: noSuchRouteMessage(request.method, request.url) });

  app.get('/', async (request, reply) => {
    if (!(await sendPage(request, reply))) notFound(request, reply);
    return reply;
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    // HEAD as GET (Node sends no body): uptime checks and link checkers ask for pages that way.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isBackendPath(pathname) && !pathname.startsWith('/remotes/');
    if (!(wantsPage && (await sendPage(request, reply)))) notFound(request, reply);
    return reply;
  });
}
