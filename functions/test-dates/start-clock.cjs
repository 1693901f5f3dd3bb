// Each test file of a project starts at its edge's moment (test/support/test-now.ts reads it).
process.env.TEST_CLOCK_START = globalThis.TEST_CLOCK_START;
