const REMOTES = require('../shared/src/contract/remotes.json');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createAppConfig, federationExperiments, reproducibleManifest, sharedModules } = require('../scripts/webpack/app-config.cjs');
const { exposes } = require('./exposes.cjs');

module.exports = (_env, argv) => {
  const config = createAppConfig({ dir: __dirname, name: 'staff', port: REMOTES.staff.devPort, mode: argv.mode ?? 'production' });
  return {
    ...config,
    // A remote has no page of its own: its entry is remoteEntry.js, added by the plugin.
    entry: {},
    plugins: [
      ...config.plugins,
      new ModuleFederationPlugin({
        name: 'staff',
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
