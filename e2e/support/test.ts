// The suite's `test` and its time. Specs import `test` and `expect` from here, not from
// @playwright/test, so that every browser context shares the stack's clock.
import { test as base, type BrowserContext, type BrowserType, type TestInfo } from '@playwright/test';
import { studioDate, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { clockStartingAt, parseClockStart, TEST_CLOCK_PATH } from '@blooms/shared/contract/test-clock';
import type { MonthKey } from '@blooms/shared/contract/months';

export { expect } from '@playwright/test';

const start = process.env.TEST_CLOCK_START ? parseClockStart(process.env.TEST_CLOCK_START) : null;
if (process.env.TEST_CLOCK_START && !start)
  throw new Error(`TEST_CLOCK_START is not a day or an ISO time: '${process.env.TEST_CLOCK_START}'.`);

/**
 * The suite's time: TEST_CLOCK_START when set (the stack is started at it too: `pnpm
 * test:dates`), else the real time. Tests read "now" and "today" here, never from `new Date()`.
 */
export const suiteNow: () => Date = start ? clockStartingAt(start) : () => new Date();
export const studioToday = (): IsoDate => studioDate(suiteNow());
/** The calendar month in the studio now (staff screens may open on a later one: where the work is). */
export const calendarMonth = (): MonthKey => studioToday().slice(0, 7);

/** A page's own clock runs from the suite's time, so what it reckons (this month, a day gone by) agrees with the server. */
async function startClockOf(context: BrowserContext): Promise<void> {
  if (start) await context.clock.install({ time: suiteNow() });
}

/** Who last moved the server's day (support/test-clock.ts), while it is moved. */
let clockMovedBy: Record<string, string> | null = null;
export function noteClockMoved(headers: Record<string, string> | null): void {
  clockMovedBy = headers;
}

export const test = base.extend<{ clockPutBack: void }, { suiteClock: void }>({
  // A test that moved the server's day leaves it at the real date however it ends, a timeout
  // included, so the next journey on the stack does not start on that day.
  clockPutBack: [
    async ({ playwright, baseURL }, use) => {
      await use();
      if (!clockMovedBy) return;
      const headers = clockMovedBy;
      clockMovedBy = null;
      const request = await playwright.request.newContext({ baseURL });
      await request.delete(TEST_CLOCK_PATH, { headers });
      await request.dispose();
    },
    { auto: true },
  ],
  // Every context, the test's own and those a test opens (a laptop and a phone), from its first page on.
  suiteClock: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await startClockOf(context);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * A browser whose profile lives in `dir` (service workers, caches, IndexedDB, the sign-in), for a
 * test that closes it and opens it again as a phone restarts: the project's launch options and
 * stack, and the suite's clock.
 */
export async function persistentContext(
  browserType: BrowserType,
  testInfo: TestInfo,
  dir: string,
  options: Parameters<BrowserType['launchPersistentContext']>[1],
): Promise<BrowserContext> {
  const { launchOptions, baseURL } = testInfo.project.use;
  const context = await browserType.launchPersistentContext(dir, { ...launchOptions, baseURL, ...options });
  await startClockOf(context);
  return context;
}
