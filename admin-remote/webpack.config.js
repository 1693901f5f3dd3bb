const REMOTES = require('../shared/src/contract/remotes.json');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createAppConfig, federationExperiments, reproducibleManifest, sharedModules } = require('../scripts/webpack/app-config.cjs');
const { exposes } = require('./exposes.cjs');

module.exports = (_env, argv) => {
  const config = createAppConfig({ dir: __dirname, name: 'admin', port: REMOTES.admin.devPort, mode: argv.mode ?? 'production' });
  return {
    ...config,
    // A remote has no page of its own: its entry is remoteEntry.js, added by the plugin.
    entry: {},
    plugins: [
      ...config.plugins,
      new ModuleFederationPlugin({
        name: 'admin',
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedModules(__dirname),
        dts: false,
        manifest: reproducibleManifest,
        experiments: federationExperiments({ remote: true }),
      }),
    ],
  };
};
