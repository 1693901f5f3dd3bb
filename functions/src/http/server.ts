import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { API } from '@blooms/shared/contract/api-routes';
import type { ServerConfig } from '../config';
import type { Database, Db } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import { ACCOUNT_PATH, loginPathFor } from '@blooms/shared/contract/routes';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import type { Payments } from '../payments-setup';
import type { BlobStore } from '../infrastructure/blob-store';
import type { ChangeFeed } from '../infrastructure/change-feed';
import type { TestClock } from '../services/test-clock';
import { loggableError } from '../infrastructure/logger';
import { accessScope, callerOf, subscriberScope, type PublicScope } from './access';
import { registerApiCors } from './cors';
import { replyForFailure } from './errors';
import { registerJsonBodies } from './json-body';
import { signInChecks } from './identify-caller';
import { registerMetrics, UNMATCHED_ROUTE, type Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import { refuseUnstorablePathsAndQueries, requestValidator, serializerCompiler, type ZodTypeProvider } from './zod';
import { serve } from './serve';
import { recordSignIn, setOwnName } from '../services/users';
import { registerUserRoutes } from './admin/users-routes';
import { registerDeliveryDateAdminRoutes } from './admin/delivery-dates-routes';
import { registerTestClockRoutes } from './admin/test-clock-routes';
import { registerSubscriptionHistoryRoutes } from './admin/subscription-history-routes';
import { registerRefundRoutes } from './admin/refund-routes';
import { registerBusinessFiguresRoutes } from './admin/business-figures-routes';
import { registerPaymentsToChaseRoutes } from './admin/payments-to-chase-routes';
import { registerDeliveryDateRoutes } from './staff/delivery-dates-routes';
import { registerDayRoutes } from './staff/day-routes';
import { registerAreaRoutes } from './staff/area-routes';
import { registerTerritoryRoutes } from './staff/territory-routes';
import { registerDeliveryRoutes } from './staff/deliveries-routes';
import { registerLiveRoutes } from './staff/live-routes';
import { registerFailedAttemptRoutes, registerFailedPolicyRoutes } from './staff/failed-attempt-routes';
import { registerCheckoutRoutes } from './public/checkout-routes';
import { registerTextReplies } from './public/text-replies';
import { registerChargeConfirmationRoutes } from './public/charge-confirmation-routes';
import { registerAccountSignInRoutes } from './public/account-sign-in-routes';
import { siteOrigin } from './public/site-origin';
import { registerAccountRoutes } from './subscriber/account-routes';
import { diskAppFiles } from './public/page-html';
import { liveSiteReader, remoteSiteFiles } from './public/live-site';
import { registerPages } from './public/pages';
import { registerSecurityHeaders } from './public/security-headers';
import { registerSeoRoutes } from './public/seo-routes';
import { registerSiteRoutes } from './public/site-routes';
import { registerUpcomingDeliveryRoutes } from './public/upcoming-deliveries-routes';
import { registerTrackingRoutes } from './public/tracking-routes';
import { registerStaticFiles } from './public/static-files';

export interface ServerDeps {
  config: ServerConfig;
  database: Database;
  verifier: TokenVerifier;
  /** The time the routes judge by: the real time, a test's, or the test clock's (testClock). */
  clock: () => Date;
  /** With the test checkout, the clock an admin may move on; null with real payments. */
  testClock: TestClock | null;
  blobs: BlobStore;
  /** The live feed's changes, for staff screens' streams; without one (the api function on Firebase) /api/live is not served here. */
  feed: ChangeFeed | null;
  metrics: Metrics;
  /** The payment provider, checkout fulfilment, provider events and the billing worker (payments-setup.ts). */
  payments: Payments;
}

function replyFields(reply: Pick<FastifyReply, 'statusCode'> & Partial<FastifyReply>): { statusCode: number; route: string } {
  return { statusCode: reply.statusCode, route: reply.request?.routeOptions?.url ?? UNMATCHED_ROUTE };
}

/**
 * A Fastify app with what every response of the site shares: logging without data, the
 * contract's schemas, one error reply, security headers and compression.
 */
export async function createSiteApp(config: ServerConfig, logger?: FastifyServerOptions['logger']): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the data they were about (see loggableError).
    // Each request's closing line names its route pattern: what log-based metrics count requests by (docs/operations.md).
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(typeof logger === 'object' ? logger : {}), serializers: { err: loggableError, res: replyFields } },
    // Log API calls only: static files would drown them.
    logController: new LogController({ disableRequestLogging: (request) => !request.url.startsWith('/api/') }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed from the configured number of proxies in front, no further.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
  });
  registerJsonBodies(app);
  app.setValidatorCompiler(requestValidator(app.log));
  refuseUnstorablePathsAndQueries(app);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    const { status, code, message, details, headers } = replyForFailure(request, error);
    return reply
      .status(status)
      .headers(headers ?? {})
      .send({ error: code, message, ...details });
  });
  await registerSecurityHeaders(app, config);
  await app.register(compress, { global: true });
  return app;
}

/**
 * What an app whose routes check who is calling needs: the request fields the access scopes
 * set, CORS for the API, and the check itself, which stops a client sending too many bad tokens.
 */
export function acceptSignIns(app: FastifyInstance, config: ServerConfig, db: Db, verifier: TokenVerifier) {
  app.decorateRequest('caller', null);
  app.decorateRequest('signIn', null);
  registerApiCors(app, config.corsOrigins);
  // Counted in the database, so every instance on it enforces one limit.
  const failedSignIns = new RateLimiter(db, { bucket: 'failed-sign-ins', limit: config.rateLimits.failedSignInsPerMinute, windowS: 60 });
  return signInChecks(db, verifier, failedSignIns);
}

/**
 * The whole HTTP API and site on an app from createSiteApp, with the parts the composition
 * root (backend.ts) built. Routes live in four kinds of scope: public (here), staff and admin
 * (accessScope), subscriber (subscriberScope), and each route file's folder says which.
 */
export async function buildServer(
  app: FastifyInstance,
  { config, database, verifier, clock, testClock, blobs, feed, metrics, payments }: ServerDeps,
): Promise<FastifyInstance> {
  const { db } = database;
  const { identifyCaller, verifySignIn } = acceptSignIns(app, config, db, verifier);
  await app.register(multipart);

  // Counted in the database, so every instance on it enforces one limit.
  const limits = config.rateLimits;
  const perMinute = (bucket: string, limit: number) => new RateLimiter(db, { bucket, limit, windowS: 60 });
  const accountUrl = (request: FastifyRequest) => `${siteOrigin(request, config)}${ACCOUNT_PATH}`;
  const mailSite = (request: FastifyRequest) => ({ ...config.site, accountUrl: accountUrl(request) });
  registerMetrics(app, metrics, { token: config.metricsToken, log: config.metricsLog });

  await app.register(
    accessScope('staff', identifyCaller, (staff) => {
      serve(staff, API.me, async (request) => {
        // The app asks who is signed in when a session starts (and on each page load): that is the sign-in Manage Users shows.
        await recordSignIn(db, callerOf(request).id, clock());
        return callerOf(request);
      });
      serve(staff, API.setMyName, async (request) => setOwnName(db, callerOf(request).id, request.body.name));
      registerDeliveryRoutes(staff, db, blobs, { studioZip: config.studioZip, geocoding: config.geocoding, mailSite, clock });
      registerDeliveryDateRoutes(staff, db);
      registerDayRoutes(staff, db, clock);
      registerAreaRoutes(staff, db, config.geocoding);
      registerTerritoryRoutes(staff, db);
      registerFailedAttemptRoutes(staff, db, blobs, { mailSite, clock });
      if (feed) registerLiveRoutes(staff, feed, { verifier, recheckMs: config.accountRecheckMs });
    }),
  );
  await app.register(
    accessScope('admin', identifyCaller, (admin) => {
      registerUserRoutes(admin, db, {
        loginUrl: (request, email) => `${siteOrigin(request, config)}${loginPathFor(email)}`,
        site: config.site,
      });
      registerDeliveryDateAdminRoutes(admin, db, clock);
      registerFailedPolicyRoutes(admin, db);
      registerSubscriptionHistoryRoutes(admin, db, blobs);
      registerRefundRoutes(admin, { db, provider: payments.provider, mailSite, clock });
      registerBusinessFiguresRoutes(admin, db, clock);
      registerPaymentsToChaseRoutes(admin, { db, mailSite, clock });
      if (testClock) registerTestClockRoutes(admin, testClock, payments.billing);
    }),
  );

  await app.register(
    subscriberScope(verifySignIn, (subscriber) =>
      registerAccountRoutes(subscriber, { db, blobs, mailSite, clock, provider: payments.provider }),
    ),
  );

  const publicScope: PublicScope = app.withTypeProvider<ZodTypeProvider>();
  registerAccountSignInRoutes(publicScope, {
    db,
    accountUrl,
    limiters: {
      perClient: perMinute('sign-in-links-by-client', limits.checkoutsPerMinute),
      perAddress: new RateLimiter(db, {
        bucket: 'sign-in-links-by-address',
        limit: limits.signInLinksPerHour,
        windowS: 3600,
        message: ACCOUNT_MESSAGES.tooManySignInLinks,
      }),
    },
  });
  const files = config.staticRoot ? diskAppFiles(config.staticRoot, config.releasesDir) : null;
  const liveSite = liveSiteReader(files ?? remoteSiteFiles(config.remotes), config.remotes, (problems) =>
    app.log.warn({ problems }, 'the live remotes have problems'),
  );
  registerSiteRoutes(publicScope, config, database, liveSite);
  registerUpcomingDeliveryRoutes(publicScope, db, clock);
  // Looking up a tracking link is, like verifying a checkout, a token tried without signing in: the same limit.
  registerTrackingRoutes(publicScope, db, blobs, {
    studioZip: config.studioZip,
    geocoding: config.geocoding,
    clock,
    lookups: perMinute('tracking-lookups', limits.verificationsPerMinute),
  });
  registerCheckoutRoutes(publicScope, {
    db,
    origin: (request) => siteOrigin(request, config),
    limiters: {
      checkouts: perMinute('checkouts', limits.checkoutsPerMinute),
      verifications: perMinute('checkout-verifications', limits.verificationsPerMinute),
    },
    ...payments,
    clock,
  });
  registerChargeConfirmationRoutes(publicScope, {
    db,
    provider: payments.provider,
    site: payments.site,
    clock,
    origin: (request) => siteOrigin(request, config),
    sendReceipts: payments.sendReceipts,
  });
  if (config.twilio)
    registerTextReplies(publicScope, {
      db,
      authToken: config.twilio.authToken,
      origin: (request) => siteOrigin(request, config),
      mailSite,
      clock,
    });
  registerSeoRoutes(app, config, liveSite);
  if (config.staticRoot) await registerStaticFiles(app, config.staticRoot, config.releasesDir);
  registerPages(app, config, files, liveSite, 'no-cache', clock);

  return app;
}
