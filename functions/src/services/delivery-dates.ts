import { and, eq, gte, like, lte } from 'drizzle-orm';
import { DELIVERY_DATE_MESSAGES } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import {
  defaultDeliveryDate,
  formatDeliveryDate,
  lastDayForChanges,
  studioDate,
  type IsoDate,
  type MonthDeliveryDate,
} from '@blooms/shared/contract/delivery-dates';
import { firstDeliveryAmong, type UpcomingDelivery } from '@blooms/shared/contract/order';
import { inTransaction, type Db } from '../db/database';
import { deliveryDates, subscriptions } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { InvalidInputError } from './errors';

function describe(month: MonthKey, date: IsoDate | null): MonthDeliveryDate {
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
  return months.map((month) => describe(month, chosen.get(month) ?? null));
}

export async function deliveryDateOf(db: Db, month: MonthKey): Promise<MonthDeliveryDate> {
  return (await deliveryDatesBetween(db, month, month))[0]!;
}

/**
 * Moves a month's delivery day (date) or puts it back on the default rule (null). Refused when
 * the day is outside the month or already past in the studio, or when the month's deliveries
 * have already gone out. Staff screens hear of it at once.
 */
export async function setDeliveryDate(
  db: Db,
  month: MonthKey,
  date: IsoDate | null,
  actorEmail: string,
  now = new Date(),
): Promise<MonthDeliveryDate> {
  const today = studioDate(now);
  const monthName = formatMonth(month);
  if (date !== null && date.slice(0, 7) !== month) throw new InvalidInputError(DELIVERY_DATE_MESSAGES.outsideMonth(monthName));
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(deliveryDates).where(eq(deliveryDates.month, month)).for('update');
    const currentDay = current?.date ?? defaultDeliveryDate(month);
    if (currentDay < today) throw new InvalidInputError(DELIVERY_DATE_MESSAGES.monthDone(monthName, formatDeliveryDate(currentDay)));
    const newDay = date ?? defaultDeliveryDate(month);
    if (newDay < today) throw new InvalidInputError(DELIVERY_DATE_MESSAGES.inThePast(formatDeliveryDate(newDay)));
    if (date === null) await tx.delete(deliveryDates).where(eq(deliveryDates.month, month));
    else
      await tx
        .insert(deliveryDates)
        .values({ month, date, setBy: actorEmail })
        .onConflictDoUpdate({ target: deliveryDates.month, set: { date, setBy: actorEmail, setAt: now } });
    const result = describe(month, date);
    // Subscriptions whose first delivery is in the month now start on its new day.
    await tx
      .update(subscriptions)
      .set({ firstDelivery: result.date })
      .where(like(subscriptions.firstDelivery, `${month}-%`));
    await announce(tx, { type: 'delivery-date', deliveryDate: result });
    return result;
  });
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
