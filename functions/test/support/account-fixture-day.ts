import { addDays, defaultDeliveryDate, lastDayForChanges, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';

/** The month two months after the one `now` falls in at the studio: the account tests' month inside its notice. */
export const soonMonthAfter = (now: Date): MonthKey => addMonths(studioDate(now).slice(0, 7), 2);

/**
 * The account tests' clock for a suite started at `now`: noon in the studio on the first day the
 * month two months on can no longer be changed (its delivery 6 days away). It depends on `now`'s
 * month only, so `pnpm test:dates` runs the suites that take their days from it once per day it gives.
 */
export function accountFixtureNow(now: Date): Date {
  const soon = defaultDeliveryDate(soonMonthAfter(now));
  return new Date(studioMidnight(addDays(lastDayForChanges(soon), 1)).getTime() + 12 * 3600_000);
}
