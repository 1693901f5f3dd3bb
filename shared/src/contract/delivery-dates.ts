// When each month's flowers go out, and until when a subscriber may still change that month.
// Dates are calendar days in the studio's time zone; instants are computed there too, so the
// rules hold whatever time zone a browser or server runs in.
import type { z } from 'zod';
import type { monthDeliveryDateSchema } from './deliveries-api';
import { DATE_PATTERN, MONTH_NAMES, type MonthKey } from './months';
import { SKIP_NOTICE_DAYS } from './site';

export const STUDIO_TIME_ZONE = 'America/Denver';

/** A calendar day as 'YYYY-MM-DD'. */
export type IsoDate = string;

/** The default rule, in words for the people who read it (staff, docs): an admin may move any month. */
export const DEFAULT_DELIVERY_DAY = 'the second Thursday of the month';
const THURSDAY = 4;

const parts = (date: IsoDate) => date.split('-').map(Number) as [number, number, number];
const toIso = (utc: Date): IsoDate => utc.toISOString().slice(0, 10);

/** Whether the string is a real calendar day ('2026-02-30' is not) of the years the API takes (FIRST_YEAR-LAST_YEAR). */
export function isIsoDate(date: string): boolean {
  if (!DATE_PATTERN.test(date)) return false;
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = parts(date);
  return toIso(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The month's delivery day by the default rule: its second Thursday. */
export function defaultDeliveryDate(month: MonthKey): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay();
  const firstThursday = 1 + ((THURSDAY - firstWeekday + 7) % 7);
  return toIso(new Date(Date.UTC(year, monthNumber - 1, firstThursday + 7)));
}

// Made once, as the apps make theirs: making a formatter costs far more than using it, and the
// billing run asks for thousands of days. en-CA formats as YYYY-MM-DD.
const STUDIO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const STUDIO_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: STUDIO_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The studio's calendar day at an instant. */
export function studioDate(at: Date): IsoDate {
  return STUDIO_DAY.format(at);
}

/** The instant a studio calendar day begins (midnight in Denver, daylight saving included). */
export function studioMidnight(date: IsoDate): Date {
  const [year, month, day] = parts(date);
  const asUtc = Date.UTC(year, month - 1, day);
  // Denver is 6 or 7 hours behind UTC: find the offset at that day's start and step back by it.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = STUDIO_TIME.formatToParts(new Date(instant)).reduce<Record<string, number>>(
      (all, part) => (part.type === 'literal' ? all : { ...all, [part.type]: Number(part.value) }),
      {},
    );
    const shownAsUtc = Date.UTC(shown.year!, shown.month! - 1, shown.day!, shown.hour!, shown.minute!);
    instant += asUtc - shownAsUtc;
  }
  return new Date(instant);
}

/**
 * The last studio day on which a month's delivery may still be skipped, paused or changed: a
 * full SKIP_NOTICE_DAYS before it (for a delivery on Thursday the 10th, Thursday the 3rd).
 */
export function lastDayForChanges(deliveryDate: IsoDate): IsoDate {
  return addDays(deliveryDate, -SKIP_NOTICE_DAYS);
}

/** Whether a change to that delivery is still in time at the instant given. */
export function changesAllowed(deliveryDate: IsoDate, at: Date): boolean {
  return at.getTime() < studioMidnight(addDays(lastDayForChanges(deliveryDate), 1)).getTime();
}

/** '2026-12-10' -> 'Thursday, December 10' (with the year when it is not the reader's current one). */
export function formatDeliveryDate(date: IsoDate, options: { withYear?: boolean } = {}): string {
  const [year, month, day] = parts(date);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
  return `${weekday}, ${MONTH_NAMES[month - 1]} ${day}${options.withYear ? `, ${year}` : ''}`;
}

/** A month's delivery day as the API reports it (deliveries-api.ts). */
export type MonthDeliveryDate = z.output<typeof monthDeliveryDateSchema>;
