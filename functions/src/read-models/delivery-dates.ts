import { and, gte, lte } from 'drizzle-orm';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import {
  defaultDeliveryDate,
  lastDayForChanges,
  studioDate,
  type IsoDate,
  type MonthDeliveryDate,
} from '@blooms/shared/contract/delivery-dates';
import { firstDeliveryAmong, type UpcomingDelivery } from '@blooms/shared/contract/order';
import type { Db } from '../db/database';
import { deliveryDates } from '../db/schema';

/** A month's delivery day as screens show it: the chosen date, or the default rule's. */
export function describeDeliveryDate(month: MonthKey, date: IsoDate | null): MonthDeliveryDate {
  const day = date ?? defaultDeliveryDate(month);
  return { month, date: day, isDefault: date === null, lastDayForChanges: lastDayForChanges(day) };
}

/** Each month's delivery day, from..to inclusive: the admin's choice where there is one, else the default rule. */
export async function deliveryDatesBetween(db: Db, from: MonthKey, to: MonthKey): Promise<MonthDeliveryDate[]> {
  const rows = await db
    .select()
    .from(deliveryDates)
    .where(and(gte(deliveryDates.month, from), lte(deliveryDates.month, to)));
  const chosen = new Map(rows.map((row) => [row.month, row.date]));
  const months: MonthKey[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months.map((month) => describeDeliveryDate(month, chosen.get(month) ?? null));
}

export async function deliveryDateOf(db: Db, month: MonthKey): Promise<MonthDeliveryDate> {
  return (await deliveryDatesBetween(db, month, month))[0]!;
}

/** The delivery days still to come (after today, in the studio) within the next year. */
export async function upcomingDeliveries(db: Db, now = new Date()): Promise<UpcomingDelivery[]> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const year = await deliveryDatesBetween(db, thisMonth, addMonths(thisMonth, 12));
  return year.filter((day) => day.date > today).map(({ month, date }) => ({ month, date }));
}

/** The first month of the plan whose delivery is still to come, within the next year. */
export async function firstDeliveryFor(db: Db, months: readonly number[], now = new Date()): Promise<UpcomingDelivery | null> {
  return firstDeliveryAmong(await upcomingDeliveries(db, now), months);
}
