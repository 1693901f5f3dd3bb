import { sql } from 'drizzle-orm';
import type { DeliveryDayFigures } from '@blooms/shared/contract/business-figures';
import { addDays, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveryDatesBetween } from './delivery-dates';
import { failedAttemptsByMonth } from './failed-attempts';
import { countIn, type SetsRead } from './month-sets';
import { rowsOf } from './raw-rows';

/** Each month's stops on its delivery day (planned, from the month sets), and how those made went. */
export async function deliveryDays(db: Db, months: MonthKey[], today: string, setsRead: SetsRead): Promise<DeliveryDayFigures[]> {
  const days = await deliveryDatesBetween(db, months[0]!, months.at(-1)!);
  // Delivered on the day (or before it): before the studio's midnight that ends it.
  const dayTable = sql`(values ${sql.join(
    days.map((day) => sql`(${day.month}, ${studioMidnight(addDays(day.date, 1))}::timestamptz)`),
    sql`, `,
  )}) as m(month, day_over)`;
  // When a stop was delivered: its last change to delivered (the row's own time if none was kept).
  const deliveredAt = sql`coalesce(made.at, deliveries.updated_at)`;
  const rows = await rowsOf<{ month: string; on_day: number; later: number; photo: number }>(
    db,
    sql`select m.month,
        count(*) filter (where ${deliveredAt} < m.day_over)::int as on_day,
        count(*) filter (where ${deliveredAt} >= m.day_over)::int as later,
        count(*) filter (where deliveries.proof_image_key is not null)::int as photo
      from ${dayTable} join deliveries on deliveries.month = m.month
        left join (
          select subscription_id, month, max(at) as at from delivery_events
          where month between ${months[0]} and ${months.at(-1)} and (kind = 'proof' or (kind = 'status' and detail->>'to' = 'delivered'))
          group by subscription_id, month
        ) as made on made.subscription_id = deliveries.subscription_id and made.month = deliveries.month
      where deliveries.status = 'delivered' and deliveries.month between ${months[0]} and ${months.at(-1)}
      group by m.month`,
  );
  const [{ sets }, failed] = await Promise.all([setsRead, failedAttemptsByMonth(db, months[0]!, months.at(-1)!)]);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return days.map(({ month, date }) => {
    const row = byMonth.get(month);
    const planned = countIn(sets, month, (group) => group.stops);
    const onDay = Number(row?.on_day ?? 0);
    const later = Number(row?.later ?? 0);
    return {
      month,
      date,
      planned,
      deliveredOnTheDay: onDay,
      deliveredLater: later,
      notDelivered: date < today ? planned - onDay - later : 0,
      leftAtDoorWithPhoto: Number(row?.photo ?? 0),
      failedAttempts: failed.get(month) ?? 0,
    };
  });
}
