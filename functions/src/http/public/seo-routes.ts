import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import { siteOrigin } from './site-origin';
import type { LiveSite } from './live-site';

/** The public pages search engines should know about (staff screens stay out). */
export const PUBLIC_PAGES = [
  '/',
  '/how-it-works',
  '/seasonal-collections',
  '/faq',
  '/about-shelby-floral',
  '/subscribe',
  '/privacy-policy',
  '/terms-of-service',
];
/** The pages and paths that are no one's to find by search, besides the staff screens. */
const PRIVATE_PATHS = ['/login', '/confirmation', '/checkout/', '/track', '/api/'];

/** robots.txt and sitemap.xml, with absolute URLs for the site's public origin. */
export function registerSeoRoutes(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'publicUrl' | 'port'>,
  liveSite: () => Promise<LiveSite>,
) {
  const origin = (request: FastifyRequest) => siteOrigin(request, config);

  app.get('/robots.txt', async (request, reply) => {
    // Every staff screen the live remotes serve.
    const staff = (await liveSite()).routes.filter((route) => route.access !== 'public').map((route) => route.path);
    const disallowed = [...staff, ...PRIVATE_PATHS];
    const lines = ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin(request)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${origin(request)}${path}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
}
