const { createRemoteConfig } = require('../scripts/webpack/remote-config.cjs');

module.exports = (env, argv) => createRemoteConfig({ dir: __dirname, name: 'staff', env, argv, prerender: false });
