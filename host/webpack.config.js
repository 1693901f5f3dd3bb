const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  createAppConfig,
  federationExperiments,
  minimization,
  reproducibleManifest,
  sharedModules,
  TYPESCRIPT_RULE,
} = require('../scripts/webpack/app-config.cjs');
const { withPrerender } = require('../scripts/webpack/prerender-config.cjs');
const { StartupFilesPlugin } = require('../scripts/webpack/startup-files-plugin.cjs');

const LOGO = path.join(__dirname, '..', 'shared', 'src', 'ui', 'logo.inline.svg');
const dataUrl = (file, type) => `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;

module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const config = createAppConfig({ dir: __dirname, name: 'host', port: 3000, mode, hostStyles: true });
  const browser = {
    ...config,
    entry: { main: './src/index.ts' },
    // The host is served from the site root; its own chunks load from there.
    output: { ...config.output, publicPath: '/' },
    plugins: [
      ...config.plugins,
      // No remote URL is built in: the host registers remotes from /app-config.json at boot.
      new ModuleFederationPlugin({
        name: 'host',
        remotes: {},
        shared: sharedModules(__dirname),
        dts: false,
        manifest: reproducibleManifest,
        experiments: federationExperiments({ remote: false }),
      }),
      // What the entry starts at once (src/index.ts), for the server's preload hints. A restored
      // sign-in reads the user record at once, with a route of its own (firebase-session.ts).
      new StartupFilesPlugin({ app: ['./bootstrap'], signIn: ['./features/auth/firebase-session', './app/start-staff-page'] }, [
        './features/auth/firebase-session',
      ]),
      // The tab icon is the logo as a data: URL: no request while the page loads.
      new HtmlWebpackPlugin({
        template: './public/index.html',
        templateParameters: { favicon: dataUrl(LOGO, 'image/svg+xml') },
        chunks: [],
      }),
      new CopyPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html'] } },
          // As a file too, for the web app manifest and for whatever asks for /favicon.svg.
          { from: LOGO, to: 'favicon.svg' },
        ],
      }),
    ],
    devServer: {
      ...config.devServer,
      proxy: [{ context: ['/api', '/app-config.json', '/remotes'], target: process.env.API_URL ?? 'http://127.0.0.1:8080' }],
    },
  };
  const builds = withPrerender({ dir: __dirname, browser });
  // In production builds only: the dev server serves one build.
  return Array.isArray(builds) ? [...builds, staffServiceWorker(browser)] : builds;
};

/**
 * The staff screens' service worker (src/service-worker/), at /staff-sw.js: a service worker
 * must come from the page's own origin, which is the host's. It has no hash in its name and is
 * revalidated on every load, like index.html, so a new one reaches drivers at once.
 */
function staffServiceWorker(browser) {
  return {
    name: 'staff-sw',
    dependencies: [browser.name],
    mode: browser.mode,
    context: __dirname,
    target: 'webworker',
    devtool: false,
    entry: { 'staff-sw': './src/service-worker/staff-sw.ts' },
    output: { path: browser.output.path, filename: '[name].js', clean: false },
    resolve: browser.resolve,
    module: { rules: [TYPESCRIPT_RULE] },
    optimization: minimization(__dirname),
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
