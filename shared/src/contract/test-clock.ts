// The test clock: with the built-in test checkout (no real payments), an admin may have the
// server pretend it is a later day, to try the 7-day rule, pauses and charges without waiting.
import { isIsoDate, studioMidnight, type IsoDate } from './delivery-dates';

export const TEST_CLOCK_PATH = '/api/test-clock';

/** How far ahead the server may be told to pretend it is. */
export const TEST_CLOCK_MAX_DAYS_AHEAD = 366;

export const TEST_CLOCK_MESSAGES = {
  notADate: 'today must be a calendar day as YYYY-MM-DD.',
  outOfRange: (from: string, to: string) => `Choose a day from ${from} to ${to}: the test clock only moves forward, up to a year.`,
} as const;

export interface TestClockState {
  /** The studio's day as the server now takes it. */
  today: IsoDate;
  /** Whether that is a pretended day rather than the real one. */
  pretending: boolean;
}

/**
 * The moment a clock starts at, as TEST_CLOCK_START gives it: an ISO time with its zone
 * (2028-02-29T09:30:00-07:00), or a day (2028-02-29), taken as noon at the studio. Null when
 * the value is neither.
 */
export function parseClockStart(value: string): Date | null {
  if (isIsoDate(value)) return new Date(studioMidnight(value).getTime() + 12 * 3600_000);
  const time = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!time || !isIsoDate(time[1]!)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A clock that reads `start` now and then runs at the real pace: what the local stack and the
 * test suites run on when they are started at a chosen moment, to try any day of the year.
 */
export function clockStartingAt(start: Date, real: () => number = Date.now): () => Date {
  const offsetMs = start.getTime() - real();
  return () => new Date(real() + offsetMs);
}
