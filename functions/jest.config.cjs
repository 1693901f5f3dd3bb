const { jestConfig } = require('../scripts/jest/base.cjs');

module.exports = {
  ...jestConfig({ environment: 'node' }),
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  testTimeout: 30_000,
  // Node 20 can require() these ESM-only packages, jest's module loader cannot: compile them.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(content-disposition|cookie)[@/])'],
};
