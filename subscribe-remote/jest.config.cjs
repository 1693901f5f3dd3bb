module.exports = require('../scripts/jest/base.cjs').jestConfig({ setupFiles: [require.resolve('./src/test/empty-query-cache.ts')] });
