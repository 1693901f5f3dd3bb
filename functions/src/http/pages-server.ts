import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import type { AppFiles } from './public/page-html';
import { registerPages } from './public/pages';
import { registerSeoRoutes } from './public/seo-routes';
import { registerAppConfigRoute } from './public/site-routes';
import { createSiteApp } from './server';
import { liveSiteReader } from './public/live-site';

/**
 * The site's pages on their own, with no database: what a Hosting site's page requests reach
 * when the apps' files are served by Hosting itself (see docs/deploy-firebase.md).
 */
export async function buildPagesServer(
  config: ServerConfig,
  files: AppFiles,
  options: { cacheControl: string; logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const app = await createSiteApp(config, options.logger);
  const liveSite = liveSiteReader(files, config.remotes, (problems) => app.log.warn({ problems }, 'the live remotes have problems'));
  registerAppConfigRoute(app, config, liveSite);
  registerSeoRoutes(app, config, liveSite);
  registerPages(app, config, files, liveSite, options.cacheControl);
  return app;
}
