const { jestConfig } = require('../scripts/jest/base.cjs');

module.exports = {
  ...jestConfig({ environment: 'node' }),
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  // Generous: a fresh PGlite database runs every migration, which takes tens of seconds on a busy CI machine.
  testTimeout: 120_000,
  // Node 20 can require() these ESM-only packages, jest's module loader cannot: compile them.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(content-disposition|cookie)[@/])'],
};
