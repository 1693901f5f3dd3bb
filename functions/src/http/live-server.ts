import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { TokenVerifier } from '../auth/token-verifier';
import type { ChangeFeed } from '../infrastructure/change-feed';
import { accessScope } from './access';
import { Metrics, registerMetrics } from './metrics';
import { registerPages } from './public/pages';
import { liveSiteReader } from './public/live-site';
import { acceptSignIns, createSiteApp } from './server';
import { registerLiveRoutes } from './staff/live-routes';

/**
 * The staff live feed on its own, with sign-in checked as the API checks it and nothing else
 * served: the live function on Firebase (called directly, since Hosting would buffer the stream).
 */
export async function buildLiveServer(
  config: ServerConfig,
  {
    database,
    verifier,
    feed,
    logger,
  }: { database: Database; verifier: TokenVerifier; feed: ChangeFeed; logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const app = await createSiteApp(config, logger);
  registerMetrics(app, new Metrics(database, feed), { token: config.metricsToken, log: config.metricsLog });
  const { identifyCaller } = acceptSignIns(app, config, database.db, verifier);
  await app.register(
    accessScope('staff', identifyCaller, (staff) => registerLiveRoutes(staff, feed, { verifier, recheckMs: config.accountRecheckMs })),
  );
  // Anything else: a JSON 404.
  registerPages(
    app,
    config,
    null,
    liveSiteReader(null, config.remotes, () => undefined),
    'no-cache',
  );
  return app;
}
