import type { FastifyRequest } from 'fastify';
import { siteUrlOf, type ServerConfig } from '../../config';

/**
 * A Host this machine answers to, as a whole: a loopback name or address and an optional port
 * of 1-65535, nothing else (no user part, path, query or fragment, which would move a link's
 * origin elsewhere: `localhost:80@attacker.example` is attacker.example).
 */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::(\d{1,5}))?$/i;

/** The request's own origin when the backend can vouch for it (scheme http or https, a loopback host, a real port); otherwise null. */
export function vouchedOrigin(protocol: string, host: string | undefined): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  const match = host ? LOOPBACK_HOST.exec(host) : null;
  if (!match) return null;
  const port = match[1] === undefined ? null : Number(match[1]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return new URL(`${protocol}://${host}`).origin;
}

let warnedOfForeignHost = false;

/**
 * The site's origin for absolute links (sign-in links, sitemap, robots.txt, payment return
 * pages): PUBLIC_URL when set (a deployed backend must set it, config.ts refuses to start
 * otherwise). Without it the backend runs locally, and the request's origin (Host, or
 * X-Forwarded-Host and -Proto from a trusted proxy) is used only when it is, as a whole, one of
 * this machine's; anything else gets the configured one (http://localhost:PORT). A forged Host
 * never ends up in an e-mailed link, a cached sitemap or a payment return page.
 */
export function siteOrigin(request: FastifyRequest, config: Pick<ServerConfig, 'publicUrl' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const vouched = vouchedOrigin(request.protocol, request.host);
  if (vouched) return vouched;
  if (!warnedOfForeignHost) {
    warnedOfForeignHost = true;
    request.log.warn(
      'a request named a host that is not this machine, and PUBLIC_URL is not set: links use the configured origin; set PUBLIC_URL to the site origin',
    );
  }
  return siteUrlOf(config);
}
