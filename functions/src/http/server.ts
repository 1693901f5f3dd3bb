import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { userRecordSchema } from '@blooms/shared/contract/users';
import { isSitePage } from '@blooms/shared/contract/routes';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import { paymentsFor } from '../payments/setup';
import type { BlobStore } from '../services/blob-store';
import type { ChangeFeed } from '../services/change-feed';
import { loggableError } from '../services/logger';
import { accessScope, callerOf, type PublicScope } from './access';
import { registerApiCors } from './cors';
import { replyForFailure } from './errors';
import { identifyCaller } from './identify-caller';
import { RateLimiter } from './rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './zod';
import { registerUserRoutes } from './admin/users-routes';
import { registerDeliveryRoutes } from './staff/deliveries-routes';
import { registerLiveRoutes } from './staff/live-routes';
import { registerCheckoutRoutes } from './public/checkout-routes';
import { createPageHtml } from './public/page-html';
import { contentSecurityPolicy } from './public/security-headers';
import { registerSeoRoutes } from './public/seo-routes';
import { registerSiteRoutes } from './public/site-routes';
import { preloadLinks, registerStaticFiles } from './public/static-files';

export interface ServerDeps {
  config: ServerConfig;
  database: Database;
  verifier: TokenVerifier;
  blobs: BlobStore;
  feed: ChangeFeed;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The whole HTTP API and site. Routes live in three kinds of scope: public (here), staff and
 * admin (accessScope), and each route file's folder says which it belongs to.
 */
export async function buildServer({ config, database, verifier, blobs, feed, logger }: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the data they were about (see loggableError).
    logger: logger === false ? false : { level: config.logLevel, ...(typeof logger === 'object' ? logger : {}), serializers: { err: loggableError } },
    // Log API calls only: static files would drown them.
    logController: new LogController({ disableRequestLogging: (request) => !request.url.startsWith('/api/') }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed from the configured number of proxies in front, no further.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
  });
  const { db } = database;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.decorateRequest('signIn', null);

  app.setErrorHandler((error, request, reply) => {
    const { status, code, message, details, headers } = replyForFailure(request, error);
    return reply.status(status).headers(headers ?? {}).send({ error: code, message, ...details });
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Only a site served over https may tell browsers to insist on it (the local stack is plain http).
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? { maxAge: 180 * 24 * 3600 } : false,
  });
  registerApiCors(app, config.corsOrigins);
  await app.register(compress, { global: true });
  await app.register(multipart);

  const perMinute = (limit: number) => new RateLimiter(limit, 60_000);
  const failedSignIns = perMinute(config.rateLimits.failedSignInsPerMinute);
  const identify = (request: FastifyRequest) => identifyCaller(request, verifier, db, failedSignIns);
  await app.register(
    accessScope('staff', identify, (staff) => {
      staff.get('/api/me', { schema: { response: { 200: userRecordSchema } } }, async (request) => callerOf(request));
      registerDeliveryRoutes(staff, db, blobs);
      registerLiveRoutes(staff, feed, { verifier, recheckMs: config.liveRecheckMs });
    }),
  );
  await app.register(accessScope('admin', identify, (admin) => registerUserRoutes(admin, db)));

  const publicScope: PublicScope = app.withTypeProvider<ZodTypeProvider>();
  registerSiteRoutes(publicScope, config, database);
  registerCheckoutRoutes(publicScope, {
    db,
    publicUrl: config.publicUrl,
    limiters: { checkouts: perMinute(config.rateLimits.checkoutsPerMinute), verifications: perMinute(config.rateLimits.verificationsPerMinute) },
    ...paymentsFor(config, database, app.log),
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
