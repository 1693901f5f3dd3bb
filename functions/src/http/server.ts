import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { APP_CONFIG_PATH, type AppConfig } from '@blooms/shared/app-config';
import { isSitePage } from '@blooms/shared/routes';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import { HttpError } from './errors';
import { authenticateStaff } from './staff-auth';
import { contentSecurityPolicy } from './security-headers';
import { preloadLinks, registerStaticFiles } from './static-files';
import { createPageHtml } from './page-html';
import { registerUserRoutes } from './users-routes';
import { registerDeliveryRoutes } from './deliveries-routes';
import { registerLiveRoutes } from './live-routes';
import { registerCheckoutRoutes } from './checkout-routes';
import { registerSeoRoutes } from './seo-routes';
import { paymentsFor } from '../payments/setup';
import type { BlobStore } from '../services/blob-store';
import type { ChangeFeed } from '../services/change-feed';

export interface ServerDeps {
  config: ServerConfig;
  database: Database;
  verifier: TokenVerifier;
  blobs: BlobStore;
  feed: ChangeFeed;
  logger?: FastifyServerOptions['logger'];
}

const webVitalSchema = z.object({
  name: z.string().max(16),
  value: z.number().finite(),
  rating: z.string().max(32),
  path: z.string().max(512),
});

export function appConfigFor(config: ServerConfig): AppConfig {
  return {
    remotes: config.remotes,
    firebase: config.firebaseWeb,
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
    apiBaseUrl: config.apiBaseUrl,
    site: config.site,
    googleMapsApiKey: config.googleMapsApiKey,
  };
}

export async function buildServer({ config, database, verifier, blobs, feed, logger }: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Log API calls only: static files would drown them.
    logController: new LogController({ disableRequestLogging: (request) => !request.url.startsWith('/api/') }),
    bodyLimit: 1024 * 1024,
  });
  const { db } = database;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.details });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ error: 'invalid-argument', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The local stack runs on plain http: never upgrade its requests.
    strictTransportSecurity: false,
  });
  await app.register(compress, { global: true });
  await app.register(multipart);

  app.get('/api/health', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  const authenticate = (request: FastifyRequest) => authenticateStaff(request, verifier, db);
  app.get('/api/me', authenticate);
  registerUserRoutes(app, db, authenticate);
  registerDeliveryRoutes(app, db, blobs, authenticate);
  registerLiveRoutes(app, feed, authenticate);
  registerCheckoutRoutes(app, { db, publicUrl: config.publicUrl, ...paymentsFor(config, database, app.log) });

  app.post('/api/vitals', async (request, reply) => {
    const metric = webVitalSchema.safeParse(request.body);
    if (metric.success) request.log.info({ webVital: metric.data }, 'web vital');
    return reply.status(204).send();
  });

  app.get(APP_CONFIG_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return appConfigFor(config);
  });

  registerSeoRoutes(app, config.publicUrl);
  if (config.staticRoot) await registerStaticFiles(app, config.staticRoot);
  const pageHtml = config.staticRoot
    ? createPageHtml(config.staticRoot, config.remotes, (error) => app.log.error({ err: error }, 'prerendered page unusable; sending the plain page'))
    : null;

  /** The host's page for the site's routes, and with status 404 for unknown paths (the host renders its 404 page). */
  const sendPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const pathname = new URL(request.url, 'http://x').pathname;
    const html = pageHtml?.(pathname);
    if (!html) return null;
    return reply
      .status(isSitePage(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Link', preloadLinks(pathname, config.remotes))
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', (request, reply) => sendPage(request, reply) ?? reply.callNotFound());
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/');
    return (
      (wantsPage && sendPage(request, reply)) ||
      reply.status(404).send({ error: 'not-found', message: `No such resource: ${request.method} ${request.url}` })
    );
  });

  return app;
}
