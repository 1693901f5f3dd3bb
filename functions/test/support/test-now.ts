import { clockStartingAt, parseClockStart } from '@blooms/shared/contract/test-clock';

const start = process.env.TEST_CLOCK_START ? parseClockStart(process.env.TEST_CLOCK_START) : null;
if (process.env.TEST_CLOCK_START && !start)
  throw new Error(`TEST_CLOCK_START is not a day or an ISO time: '${process.env.TEST_CLOCK_START}'.`);

/**
 * The time the suites run at: TEST_CLOCK_START when it is set (`pnpm test:dates` runs the
 * date-sensitive suites at chosen days that way), else the real time; either way it moves on
 * as real time does. A test that needs "now" or "today" reads it here, never from `new Date()`,
 * and the servers it starts run on this clock unless the test gives them one of its own.
 */
export const testNow: () => Date = start ? clockStartingAt(start) : () => new Date();
