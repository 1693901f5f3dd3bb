// Which date-sensitive jest suites run at which calendar edge (test-dates/run.ts).
import fs from 'node:fs';
import path from 'node:path';
import { accountFixtureNow } from '../test/support/account-fixture-day';
import type { CalendarEdge } from './calendar-edges';

/** Suites that take their days from the suite's time itself: charges, the notice, gifts, refunds, checkout's first delivery. */
export const MOMENT_FILES = [
  'test/billing.test.ts',
  'test/gifts-checkout.test.ts',
  'test/checkout-test-provider.test.ts',
  'test/provider-events.test.ts',
  'test/money-rule.property.test.ts',
];
/**
 * Suites whose every day comes from the account fixture's clock (skips, pauses, gift ends,
 * refunds), which depends on the suite's month only: run at the first edge giving each of its
 * days, as every other edge giving that day would run the same test again.
 */
export const FIXTURE_DAY_FILES = ['test/account-changes.test.ts', 'test/gifts-lifecycle.test.ts', 'test/staff-refunds.test.ts'];

/** What a fixture-day suite must not use: reading the suite's time itself, it would then need every edge. */
const READS_SUITE_TIME = /\b(testNow|firstDeliveryOf|startTestServer)\b/;

/** The suites to run at each edge: every moment suite, and the fixture-day suites where that day is new. */
export function jestFilesAt(edges: CalendarEdge[]): string[][] {
  const seen = new Set<number>();
  return edges.map((edge) => {
    const day = accountFixtureNow(new Date(edge.start)).getTime();
    const first = !seen.has(day);
    seen.add(day);
    return first ? [...MOMENT_FILES, ...FIXTURE_DAY_FILES] : MOMENT_FILES;
  });
}
/** The fixture-day suites that read the suite's time themselves (none may). */
export function fixtureDayFilesReadingSuiteTime(): string[] {
  return FIXTURE_DAY_FILES.filter((file) => READS_SUITE_TIME.test(fs.readFileSync(path.join(__dirname, '..', file), 'utf8')));
}
