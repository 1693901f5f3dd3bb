import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryDayFigures } from '@blooms/shared/contract/business-figures';
import { addDays, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveryDatesBetween } from './delivery-dates';
import { failedAttemptsByMonth } from './failed-attempts';
import { countIn, type SetsRead } from './month-sets';
import { rowsOf } from './raw-rows';

/** Each month's delivered stops: on its delivery day (or before it), later, and left at the door with a photo. */
export interface DeliveredMonth {
  onDay: number;
  later: number;
  photo: number;
}

/** A delivered-stops row as read (counts come as numbers or strings). */
export const deliveredRow = (row: { on_day: number; later: number; photo: number }): DeliveredMonth => ({
  onDay: Number(row.on_day),
  later: Number(row.later),
  photo: Number(row.photo),
});

/** How each month's delivered stops are read: from the deliveries (deliveredOnDays), or as kept (kept-figure-parts.ts). */
export type DeliveredRead = (db: Db, days: { month: MonthKey; date: string }[]) => Promise<Map<MonthKey, DeliveredMonth>>;

/** Each of these months' delivered stops, read from the deliveries and their history. */
export async function deliveredOnDays(db: Db, days: { month: MonthKey; date: string }[]): Promise<Map<MonthKey, DeliveredMonth>> {
  if (days.length === 0) return new Map();
  const months = days.map((day) => day.month);
  // Delivered on the day (or before it): before the studio's midnight that ends it.
  const dayTable = sql`(values ${sql.join(
    days.map((day) => sql`(${day.month}, ${studioMidnight(addDays(day.date, 1))}::timestamptz)`),
    sql`, `,
  )}) as m(month, day_over)`;
  const inMonths = (column: SQL) =>
    sql`${column} in (${sql.join(
      months.map((month) => sql`${month}`),
      sql`, `,
    )})`;
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
          where ${inMonths(sql`month`)} and (kind = 'proof' or (kind = 'status' and detail->>'to' = 'delivered'))
          group by subscription_id, month
        ) as made on made.subscription_id = deliveries.subscription_id and made.month = deliveries.month
      where deliveries.status = 'delivered' and ${inMonths(sql`deliveries.month`)}
      group by m.month`,
  );
  return new Map(rows.map((row) => [row.month, deliveredRow(row)]));
}

/** Each month's stops on its delivery day (planned, from the month sets), and how those made went. */
export async function deliveryDays(
  db: Db,
  months: MonthKey[],
  today: string,
  setsRead: SetsRead,
  delivered: DeliveredRead = deliveredOnDays,
): Promise<DeliveryDayFigures[]> {
  const days = await deliveryDatesBetween(db, months[0]!, months.at(-1)!);
  const [byMonth, { sets }, failed] = await Promise.all([
    delivered(db, days),
    setsRead,
    failedAttemptsByMonth(db, months[0]!, months.at(-1)!),
  ]);
  return days.map(({ month, date }) => {
    const row = byMonth.get(month);
    const planned = countIn(sets, month, (group) => group.stops);
    const onDay = row?.onDay ?? 0;
    const later = row?.later ?? 0;
    return {
      month,
      date,
      planned,
      deliveredOnTheDay: onDay,
      deliveredLater: later,
      notDelivered: date < today ? planned - onDay - later : 0,
      leftAtDoorWithPhoto: row?.photo ?? 0,
      failedAttempts: failed.get(month) ?? 0,
    };
  });
}
