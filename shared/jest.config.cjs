module.exports = require('../scripts/jest/base.cjs').jestConfig();
