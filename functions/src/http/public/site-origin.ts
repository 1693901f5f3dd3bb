import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../config';

/**
 * The site's origin for absolute links (sitemap, robots.txt, payment return pages): PUBLIC_URL
 * when set (a deployed backend must set it, config.ts refuses to start otherwise). Without it
 * the backend runs locally, and the request's Host is used only when it names this machine:
 * a forged Host never ends up in a cached sitemap or a payment return link.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const hostname = request.hostname.replace(/^\[(.*)\]$/, '$1');
  return isLoopbackHost(hostname) ? `${request.protocol}://${request.host}` : `${request.protocol}://localhost`;
}
