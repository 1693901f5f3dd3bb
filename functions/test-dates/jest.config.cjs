// The date-sensitive jest suites once per calendar edge, in one jest run (one Auth emulator, two
// workers busy throughout): a project per edge, named for it, whose test files start at its
// moment. test-dates/run.ts writes the plan this reads (TEST_DATES_PLAN): the edges and the suites each runs.
const fs = require('node:fs');
const path = require('node:path');
const base = require('../jest.config.cjs');

const plan = JSON.parse(fs.readFileSync(process.env.TEST_DATES_PLAN, 'utf8'));
const { globalSetup, globalTeardown, maxWorkers, testTimeout, ...project } = base;
const rootDir = path.join(__dirname, '..');

module.exports = {
  rootDir,
  globalSetup,
  globalTeardown,
  maxWorkers,
  testTimeout,
  projects: plan.edges.map((edge) => ({
    ...project,
    rootDir,
    displayName: `${edge.start} ${edge.name}`,
    testMatch: edge.jestFiles.map((file) => `<rootDir>/${file}`),
    globals: { TEST_CLOCK_START: edge.start },
    setupFiles: [path.join(__dirname, 'start-clock.cjs')],
  })),
};
