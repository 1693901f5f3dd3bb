import { sql, sum } from 'drizzle-orm';
import { FORECAST_DAYS, forecastOf, type Forecast } from '@blooms/shared/contract/forecast';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { subscriptions } from '../db/schema';
import { deliveryDatesBetween } from './delivery-dates';
import { lifecycleOf } from '../domain/lifecycle';
import { failedWaitingByMonth } from './failed-attempts';
import { planColumns } from './month-list/rows';

/** The next FORECAST_DAYS delivery days, today's included. */
async function comingDays(db: Db, today: string) {
  const thisMonth = today.slice(0, 7);
  const days = await deliveryDatesBetween(db, thisMonth, addMonths(thisMonth, FORECAST_DAYS));
  return days.filter((day) => day.date >= today).slice(0, FORECAST_DAYS);
}

/** Whether the subscription had a delivery before the month. */
const deliveredBefore = (month: MonthKey) => sql<boolean>`exists (
  select 1 from deliveries d
  where d.subscription_id = ${subscriptions.id} and d.kind = 'delivery' and d.status = 'delivered' and d.month < ${month}
)`;

/**
 * The forecast (contract/forecast.ts) at this instant: every subscription's plan and lifecycle,
 * and where its vase stood before the first day forecast, so a day already under way counts
 * as it was planned.
 */
export async function forecast(db: Db, now: Date): Promise<Forecast> {
  const days = await comingDays(db, studioDate(now));
  const first = days[0]!.month;
  const [rows, [out], waiting] = await Promise.all([
    db
      .select({
        ...planColumns,
        delivered: deliveredBefore(first),
        // Out: delivered, and no pickup collected after that delivery.
        vaseOut: sql<boolean>`exists (
          select 1 from deliveries d
          where d.subscription_id = ${subscriptions.id} and d.kind = 'delivery' and d.status = 'delivered' and d.month < ${first}
            and not exists (
              select 1 from deliveries p
              where p.subscription_id = d.subscription_id and p.kind = 'pickup' and p.status = 'delivered'
                and p.month > d.month and p.month < ${first}
            )
        )`,
      })
      .from(subscriptions),
    db.select({ total: sum(subscriptions.vasesOut).mapWith(Number) }).from(subscriptions),
    failedWaitingByMonth(db, first, days.at(-1)!.month),
  ]);
  const subscriptionsForecast = rows.map((row) => ({ ...row, lifecycle: lifecycleOf(row) }));
  const forecastDays = forecastOf(subscriptionsForecast, days).map((day) => ({ ...day, couldNotDeliver: waiting.get(day.month) ?? 0 }));
  return { vasesOut: out?.total ?? 0, days: forecastDays };
}
