import { STUDIO_TIME_ZONE, studioDate } from '@blooms/shared/contract/delivery-dates';
import { MONTH_NAMES, type MonthKey } from '@blooms/shared/contract/months';

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const COUNT = new Intl.NumberFormat('en-US');

/** 9900 -> "$99.00"; -1250 -> "-$12.50". */
export const formatDollars = (cents: number): string => DOLLARS.format(cents / 100);
/** Cents as dollars for a CSV cell: 9900 -> 99, 1250 -> 12.5. */
export const dollarsValue = (cents: number): number => cents / 100;
export const formatCount = (count: number): string => COUNT.format(count);
/** 0.125 -> "12.5%" (one decimal, none when whole); null (nothing to divide by) -> "–". */
export const formatShare = (share: number | null): string => (share === null ? '–' : `${percentValue(share)}%`);
/** A share as a percentage for a CSV cell, to one decimal: 0.125 -> 12.5. */
export const percentValue = (share: number): number => Math.round(share * 1000) / 10;
/** '2026-11' -> 'Nov 2026': short enough for a chart's axis and a table's first column on a phone. */
export const shortMonth = (key: MonthKey): string => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]!.slice(0, 3)} ${key.slice(0, 4)}`;
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateOf = (date: string) => new Date(`${date}T00:00:00Z`);
/** '2026-11-12' -> 'Thu, Nov 12, 2026'. */
export const formatDay = (date: string): string => DAY.format(dateOf(date));
/** '2026-11-12' -> 'Nov 12, 2026': a chart's axis. */
export const shortDay = (date: string): string => SHORT_DAY.format(dateOf(date));
const INSTANT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: STUDIO_TIME_ZONE });
export const formatInstant = (iso: string): string => INSTANT.format(new Date(iso));
const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: STUDIO_TIME_ZONE });
/** An instant as the studio's time of day ('2:05 PM'), with its date too when it is not today in the studio. */
export const formatTimeToday = (iso: string, now: Date): string =>
  studioDate(new Date(iso)) === studioDate(now) ? TIME.format(new Date(iso)) : formatInstant(iso);
