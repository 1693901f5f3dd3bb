// A delivery day at a glance, and which month staff screens open on: the one where the work is.
import { z } from 'zod';
import { monthDay } from './deliveries';
import type { IsoDate } from './delivery-dates';
import { addMonths } from './months';

/** A driver's share of the day: stops done (delivered) of those assigned to them. */
export const driverProgressSchema = z.object({ email: z.string(), name: z.string(), done: z.number(), assigned: z.number() });
export type DriverProgress = z.output<typeof driverProgressSchema>;

/** The month's stops (subscriptions that deliver in it, and pickup-only stops), counted by where they stand. */
export const daySummarySchema = z.object({
  month: z.string(),
  date: z.string(),
  /** Every stop of the month: deliveries and pickup-only stops (contract/vases.ts). */
  stops: z.number(),
  /** How many of the stops are pickup-only stops: the vase collected, no flowers. */
  pickups: z.number(),
  /** Not started and nobody's: stops to assign. */
  unassigned: z.number(),
  /** Stops assigned as last month or by territory and not yet kept (contract/territories.ts). Absent from an API of the release before. */
  autoAssigned: z.number().optional(),
  /** Not started and someone's. Absent from an API of the release before, which did not count it. */
  assigned: z.number().optional(),
  out: z.number(),
  delivered: z.number(),
  /** Once the day has passed (studio time, by the server's clock), the stops not delivered; before, 0. Stops counted in couldNotDeliver are not counted here. */
  notDelivered: z.number(),
  /**
   * Stops whose attempt failed ("Could not deliver", contract/failed-attempts.ts) and that staff
   * have not moved to another day yet: still out, counted in out too. Absent from an API of the
   * release before.
   */
  couldNotDeliver: z.number().optional(),
  /**
   * Whether the delivery day is over in the studio. Absent from an API of the release before,
   * whose notDelivered counted every stop not finished, whatever the day.
   */
  dayPassed: z.boolean().optional(),
  /** Everyone with a stop assigned, by name. */
  drivers: z.array(driverProgressSchema),
});
export type DaySummary = z.output<typeof daySummarySchema>;

/** The month a staff screen opens on, and the one it passed over (with how its day ended), if any. */
export const startMonthSchema = z.object({
  month: z.string(),
  date: z.string(),
  passedOver: z.object({ month: z.string(), date: z.string(), delivered: z.number(), notDelivered: z.number() }).nullable(),
});
export type StartMonth = z.output<typeof startMonthSchema>;

/** A month's work is done once its delivery day has passed, or every one of its stops is delivered. */
export function isMonthDone(summary: Pick<DaySummary, 'date' | 'stops' | 'delivered'>, today: IsoDate): boolean {
  return summary.date < today || (summary.stops > 0 && summary.delivered === summary.stops);
}

/**
 * Where staff screens start: this month while its day is today or to come and work is left,
 * else the next month (whose day is always still to come).
 */
export function startMonthOf(today: IsoDate, thisMonth: DaySummary, nextMonthDate: IsoDate): StartMonth {
  if (!isMonthDone(thisMonth, today)) return { month: thisMonth.month, date: thisMonth.date, passedOver: null };
  const { month, date, delivered, notDelivered } = thisMonth;
  return { month: addMonths(thisMonth.month, 1), date: nextMonthDate, passedOver: { month, date, delivered, notDelivered } };
}

/** "November 12 is done: 40 delivered, 8 not delivered. Showing December 10." */
export function passedOverMessage(start: StartMonth): string | null {
  if (!start.passedOver) return null;
  const { date, delivered, notDelivered } = start.passedOver;
  return `${monthDay(date)} is done: ${delivered} delivered, ${notDelivered} not delivered. Showing ${monthDay(start.date)}.`;
}
