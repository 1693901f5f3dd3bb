// The florist's forecast: for each coming delivery day, how many arrangements to make and why
// the others do not go out, and how many old vases come back.
import { z } from 'zod';
import { HOLDING_STATUSES, monthState, type DeliveryPlan, type Lifecycle } from './lifecycle';
import type { IsoDate } from './delivery-dates';
import type { MonthKey } from './months';
import { isOver } from './vases';

/** How many delivery days the forecast covers: this one (or the next) and a year after it. */
export const FORECAST_DAYS = 13;

export const forecastDaySchema = z.object({
  month: z.string(),
  date: z.string(),
  /** Every delivery the day has: arrangements to make. */
  arrangements: z.number(),
  /** Of those, subscriptions' first deliveries (a new vase, none to take back). */
  firstDeliveries: z.number(),
  /** Months of a plan the subscriber skipped. */
  skips: z.number(),
  /** Months of a plan inside a pause. */
  pauses: z.number(),
  /** Months of a plan held while a payment is past due. */
  held: z.number(),
  /** Old vases swapped at a delivery. */
  swaps: z.number(),
  /** Pickup-only stops: the last vase of a subscription that has had its last delivery. */
  pickups: z.number(),
  /** Every vase that comes back that day: swaps and pickups. */
  vasesToCollect: z.number(),
  /**
   * Of the arrangements, those whose attempt failed ("Could not deliver") and that are not
   * delivered yet: to take out again. Absent from an API of the release before.
   */
  couldNotDeliver: z.number().optional(),
});
export type ForecastDay = z.output<typeof forecastDaySchema>;

export const forecastSchema = z.object({
  /** Vases out with subscribers now. */
  vasesOut: z.number(),
  days: z.array(forecastDaySchema),
});
export type Forecast = z.output<typeof forecastSchema>;

/** What the forecast knows of a subscription: its plan and lifecycle, and its vase before the first day forecast. */
export interface ForecastSubscription extends DeliveryPlan {
  lifecycle: Lifecycle;
  /** Whether it had a delivery before the first month forecast. */
  delivered: boolean;
  /** Whether its vase was out with the subscriber before the first month forecast. */
  vaseOut: boolean;
}

/**
 * Each day's figures, on the assumption that every stop is made on its day: a delivery leaves a
 * vase (swapping the one out), and the month after a subscription's last delivery its vase is
 * collected.
 */
export function forecastOf(
  subscriptions: readonly ForecastSubscription[],
  days: readonly { month: MonthKey; date: IsoDate }[],
): ForecastDay[] {
  const vases = subscriptions.map(({ delivered, vaseOut }) => ({ delivered, vaseOut }));
  return days.map(({ month, date }) => {
    const day: ForecastDay = {
      month,
      date,
      arrangements: 0,
      firstDeliveries: 0,
      skips: 0,
      pauses: 0,
      held: 0,
      swaps: 0,
      pickups: 0,
      vasesToCollect: 0,
    };
    subscriptions.forEach((subscription, i) => {
      const vase = vases[i]!;
      const state = monthState(subscription, subscription.lifecycle, month);
      if (state === 'delivering') {
        day.arrangements++;
        if (!vase.delivered) day.firstDeliveries++;
        if (vase.vaseOut) day.swaps++;
        vase.delivered = vase.vaseOut = true;
      } else if (state === 'skipped') day.skips++;
      else if (state === 'paused' || (state === 'stopped' && subscription.lifecycle.status === 'paused')) day.pauses++;
      else if (state === 'stopped' && HOLDING_STATUSES.includes(subscription.lifecycle.status)) day.held++;
      else if (vase.vaseOut && isOver(subscription.lifecycle, month)) {
        day.pickups++;
        vase.vaseOut = false;
      }
    });
    day.vasesToCollect = day.swaps + day.pickups;
    return day;
  });
}

/** The forecast's CSV: one line per delivery day. */
export const FORECAST_CSV_COLUMNS = [
  'Delivery day',
  'Arrangements',
  'First deliveries',
  'Skips',
  'Pauses',
  'Held (past due)',
  'Vases to collect',
  'Swapped at a delivery',
  'Pickup-only stops',
  'Could not deliver (to take out again)',
];

export function forecastCsvValues(day: ForecastDay): string[] {
  return [
    day.date,
    day.arrangements,
    day.firstDeliveries,
    day.skips,
    day.pauses,
    day.held,
    day.vasesToCollect,
    day.swaps,
    day.pickups,
    day.couldNotDeliver ?? 0,
  ].map(String);
}
