// The test clock: with the built-in test checkout (no real payments), an admin may have the
// server pretend it is a later day, to try the 7-day rule, pauses and charges without waiting.
import type { IsoDate } from './delivery-dates';

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
