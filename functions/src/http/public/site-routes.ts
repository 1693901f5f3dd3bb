import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { API } from '@blooms/shared/contract/api-routes';
import { unreadableReplySchema } from '@blooms/shared/contract/unreadable-reply';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { checkHealth } from '../../infrastructure/health';
import type { PublicScope } from '../access';
import type { ZodTypeProvider } from '../zod';
import { serve } from '../serve';
import { manifestUrls, type LiveSite } from './live-site';

const webVitalSchema = z.object({
  name: z.string().max(16),
  value: z.number().finite(),
  rating: z.string().max(32),
  path: z.string().max(512),
});

/** The browser's configuration, with what is live on the site now: each remote's build and the routes they serve. */
export function appConfigFor(config: ServerConfig, live: LiveSite): AppConfig {
  return {
    remotes: manifestUrls(live),
    versions: Object.fromEntries(Object.entries(live.remotes).map(([name, remote]) => [name, remote.version])) as AppConfig['versions'],
    routes: live.routes,
    firebase: config.firebaseWeb,
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
    apiBaseUrl: config.apiBaseUrl,
    liveUrl: config.liveUrl,
    site: config.site,
    googleMapsApiKey: config.googleMapsApiKey,
    staffMapTiles: config.staffMapTiles,
    testClock: config.testClock,
  };
}

/** Health, web vitals and the browser's configuration: for everyone (health: infrastructure/health.ts). */
export function registerSiteRoutes(app: PublicScope, config: ServerConfig, database: Database, liveSite: () => Promise<LiveSite>) {
  // For uptime checks: 503 only when the site cannot work (no database); 200 with status
  // 'degraded' and the problems in words when it works but something needs looking at.
  serve(app, API.health, async (request, reply) => {
    const report = await checkHealth(database, { nightlyBackups: config.backups.nightly, log: request.log });
    return reply
      .status(report.status === 'unavailable' ? 503 : 200)
      .header('Cache-Control', 'no-store')
      .send(report);
  });

  // Reports from browsers are best-effort: a malformed one is dropped, never an error.
  serve(app, API.vitals, async (request, reply) => {
    const metric = webVitalSchema.safeParse(request.body);
    if (metric.success) request.log.info({ webVital: metric.data }, 'web vital');
    return reply.status(204).send();
  });

  // A page that could not read a reply (an app and an API of different releases): logged to be
  // seen, with the route and what did not fit; a malformed report is dropped.
  serve(app, API.unreadableReply, async (request, reply) => {
    const report = unreadableReplySchema.safeParse(request.body);
    if (report.success) request.log.warn({ unreadableReply: report.data }, `a page could not read a reply of ${report.data.route}`);
    return reply.status(204).send();
  });

  registerAppConfigRoute(app, config, liveSite);
}

/** The browser's configuration, read by the host at boot. */
export function registerAppConfigRoute(app: FastifyInstance, config: ServerConfig, liveSite: () => Promise<LiveSite>) {
  serve(app.withTypeProvider<ZodTypeProvider>(), API.appConfig, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return appConfigFor(config, await liveSite());
  });
}
