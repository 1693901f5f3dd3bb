import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { ServerConfig } from '../../config';

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a path on this origin
  }
}

/**
 * The Content-Security-Policy: what this site loads, and nothing more. Every page gets the same
 * one (prerendered or not, the 404 page, the test checkout): a visitor moves between them in
 * the app, and the remotes they load then bring scripts, style sheets and pictures from the
 * remotes' own origins.
 */
export function contentSecurityPolicy(config: ServerConfig): Record<string, string[]> {
  const remoteOrigins = Object.values(config.remotes)
    .map(origin)
    .filter((o): o is string => o !== null);
  const apiOrigin = origin(config.apiBaseUrl);
  const liveOrigin = config.liveUrl ? origin(config.liveUrl) : null;
  const firebase = config.authEmulatorHost
    ? [`http://${config.authEmulatorHost}`]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://apis.google.com'];
  // Address suggestions on the subscribe form, only when a Maps key is configured.
  const maps = config.googleMapsApiKey ? ['https://maps.googleapis.com'] : [];
  const mapImages = config.googleMapsApiKey ? ['https://maps.gstatic.com', 'https://maps.googleapis.com'] : [];
  return {
    defaultSrc: ["'self'"],
    // No inline script of any kind.
    scriptSrc: ["'self'", ...remoteOrigins, ...maps, ...(config.authEmulatorHost ? [] : ['https://apis.google.com'])],
    // Each remote's screens bring their style sheet from where the remote is deployed. A
    // prerendered page carries its CSS inline (<style data-prerendered>), and development
    // builds inject <style> elements.
    styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
    // Remotes serve their own pictures.
    imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins, ...mapImages],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...remoteOrigins, ...firebase, ...maps, ...(apiOrigin ? [apiOrigin] : []), ...(liveOrigin ? [liveOrigin] : [])],
    frameSrc: config.authEmulatorHost ? ["'none'"] : [`https://${config.firebaseWeb.authDomain}`],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The security headers on every response: the policy above, HSTS where the site is https. */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Only a site served over https may tell browsers to insist on it (the local stack is plain http).
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? { maxAge: 180 * 24 * 3600 } : false,
    // Not helmet's "same-origin": that cuts the page off from the window it opens, and Firebase's
    // Google sign-in runs in a popup it must hear back from. (Prerendered public pages send
    // "unsafe-none": registerPages.)
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
