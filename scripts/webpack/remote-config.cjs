// A remote's webpack settings: its screens (exposes.cjs) exposed and declared as routes in its
// mf-manifest.json, the shared modules, and its prerendered pages where it has public ones.
const { FilesListPlugin } = require('./files-list-plugin.cjs');
const path = require('node:path');
const REMOTES = require('../../shared/src/contract/remotes.json');
const { buildId, createAppConfig, federationExperiments, reproducibleManifest, sharedModules } = require('./app-config.cjs');
const { withPrerender } = require('./prerender-config.cjs');
const { completeSharedAssets } = require('./shared-copy-files.cjs');

/** Where the routes and the version go in mf-manifest.json (shared/src/contract/site-routes.ts and releases.ts). */
const MANIFEST_ROUTES_KEY = 'siteRoutes';
const MANIFEST_VERSION_KEY = 'buildId';
const ROUTE_FIELDS = ['path', 'module', 'access', 'nav', 'opensWhileChecking', 'opensWith'];

/**
 * Refuses a declaration the build cannot expose, naming the remote and the screen. What makes
 * a route one the site mounts is the contract's (shared/src/contract/site-routes.ts, which
 * functions/test/remote-declarations.test.ts holds every remote's declaration to).
 */
function checkScreens(name, screens) {
  const problem = (screen, what) => new Error(`${name}-remote/exposes.cjs: the screen ${screen.module ?? screen.path}: ${what}`);
  const seen = { path: new Set(), module: new Set() };
  for (const screen of screens) {
    if (!screen.file) throw problem(screen, 'it names no file');
    for (const key of ['path', 'module']) {
      if (seen[key].has(screen[key])) throw problem(screen, `another screen has the ${key} ${screen[key]}`);
      seen[key].add(screen[key]);
    }
  }
}

/** The route part of each screen: what the manifest carries. */
const routeOf = (screen) => Object.fromEntries(ROUTE_FIELDS.filter((key) => screen[key] !== undefined).map((key) => [key, screen[key]]));

/**
 * @param env the build's --env: `exposes=<file>` builds from another declaration than
 *   exposes.cjs (the browser suite adds a screen that way; give such a build its own
 *   BLOOMS_BUILD_ID, since its sources digest does not cover that file),
 *   `sharedRuntimeVersion=<version>` against another shared runtime (app-config.cjs).
 */
function createRemoteConfig({ dir, name, env = {}, argv = {}, prerender = false }) {
  const { screens } = require(env.exposes ? path.resolve(env.exposes) : path.join(dir, 'exposes.cjs'));
  checkScreens(name, screens);
  const { ModuleFederationPlugin } = require(require.resolve('@module-federation/enhanced/webpack', { paths: [dir] }));
  const config = createAppConfig({ dir, name, port: REMOTES[name].devPort, mode: argv.mode ?? 'production' });
  const browser = {
    ...config,
    // A remote has no page of its own: its entry is remoteEntry.js, added by the plugin.
    entry: {},
    plugins: [
      ...config.plugins,
      new FilesListPlugin(),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: Object.fromEntries(screens.map((screen) => [`./${screen.module}`, screen.file])),
        shared: sharedModules(dir, env),
        dts: false,
        manifest: {
          additionalData: (options) => {
            reproducibleManifest.additionalData(options);
            completeSharedAssets(options);
            options.stats.metaData[MANIFEST_ROUTES_KEY] = screens.map(routeOf);
            // The build's version, by which `pnpm release` keeps, pins and rolls it back.
            options.stats.metaData[MANIFEST_VERSION_KEY] = buildId(dir);
          },
        },
        experiments: federationExperiments({ remote: true }),
      }),
    ],
  };
  return prerender ? withPrerender({ dir, browser }) : browser;
}

module.exports = { createRemoteConfig };
