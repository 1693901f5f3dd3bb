import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import type { ServerConfig } from '../../config';
import { siteOrigin } from './site-origin';

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
// Every staff screen (the route table's), and the pages and paths that are no one's to find by search.
const PRIVATE_PATHS = [
  ...REMOTE_ROUTES.filter((route) => route.access !== 'public').map((route) => route.path),
  '/login',
  '/confirmation',
  '/checkout/',
  '/api/',
];

/** robots.txt and sitemap.xml, with absolute URLs for the site's public origin. */
export function registerSeoRoutes(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl' | 'port'>) {
  const origin = (request: FastifyRequest) => siteOrigin(request, config);

  app.get('/robots.txt', async (request, reply) => {
    const lines = ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin(request)}/sitemap.xml`, ''];
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
