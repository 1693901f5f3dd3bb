module.exports = require('../scripts/jest/base.cjs').jestConfig({
  setupFiles: [require.resolve('./src/test-support/empty-query-cache.ts')],
});
