export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type MonthName = (typeof MONTH_NAMES)[number];

/** A calendar month as 'YYYY-MM'. */
export type MonthKey = string;

/**
 * The years any month or day the API takes may fall in: every delivery, plan and history fits,
 * and date arithmetic around them stays in four-digit years (JavaScript reads years 0-99 as
 * 1900-1999, and a year past 9999 is no 'YYYY-MM').
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2199;
const YEAR = '(?:20\\d\\d|21\\d\\d)';
export const MONTH_KEY_PATTERN = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])$`);
export const DATE_PATTERN = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$`);

export function monthKey(date: Date): MonthKey {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export function addMonths(key: MonthKey, delta: number): MonthKey {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many months from..to holds, both included. */
export function monthsInRange(from: MonthKey, to: MonthKey): number {
  const index = (key: MonthKey) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** 'YYYY-MM' -> the month's name, e.g. '2026-11' -> 'November'. */
export function monthNameOf(key: MonthKey): MonthName {
  return MONTH_NAMES[Number(key.slice(5, 7)) - 1]!;
}

/** Month numbers -> 'January, March'. */
export function monthList(months: readonly number[]): string {
  return months.map((month) => MONTH_NAMES[month - 1]).join(', ');
}

/** 'YYYY-MM' -> 'November 2026'. */
export function formatMonth(key: MonthKey): string {
  return `${monthNameOf(key)} ${key.slice(0, 4)}`;
}

export type SelectedMonths = Record<MonthName, boolean>;

export function allMonthsSelected(): SelectedMonths {
  return monthsSelected(MONTH_NAMES.map((_, i) => i + 1));
}

/** The month flags of a form for these month numbers (1-12). */
export function monthsSelected(months: readonly number[]): SelectedMonths {
  return Object.fromEntries(MONTH_NAMES.map((name, i) => [name, months.includes(i + 1)])) as SelectedMonths;
}

/** Month numbers 1-12, as stored: January is 1. */
export const ALL_MONTH_NUMBERS: readonly number[] = MONTH_NAMES.map((_, i) => i + 1);
