module.exports = require('../scripts/jest/base.cjs').jestConfig({ setupFiles: [require.resolve('./src/test/setup-indexeddb.cjs')] });
