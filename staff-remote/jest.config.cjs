const base = require('../scripts/jest/base.cjs').jestConfig({
  setupFiles: [require.resolve('./src/test/setup-indexeddb.cjs'), require.resolve('./src/test/empty-query-cache.ts')],
});

// d3-geo (the map's projection) and the d3 modules it uses are published as ES modules only: swc turns them into CommonJS too.
module.exports = {
  ...base,
  transform: { ...base.transform, '^.+\\.mjs$': base.transform['^.+\\.(t|j)sx?$'] },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?d3-)'],
};
