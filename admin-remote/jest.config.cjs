const path = require('node:path');

module.exports = require('../scripts/jest/base.cjs').jestConfig({ setupFiles: [path.join(__dirname, 'src/test-support/empty-cache.ts')] });
