import { eq, like } from 'drizzle-orm';
import { DELIVERY_DATE_MESSAGES } from '@blooms/shared/contract/messages';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import {
  defaultDeliveryDate,
  formatDeliveryDate,
  studioDate,
  type IsoDate,
  type MonthDeliveryDate,
} from '@blooms/shared/contract/delivery-dates';
import { inTransaction, type Db } from '../db/database';
import { deliveryDates, subscriptions } from '../db/schema';
import { announce } from '../infrastructure/change-feed';
import { InvalidInputError } from '../domain/errors';
import { describeDeliveryDate } from '../read-models/delivery-dates';

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
    const result = describeDeliveryDate(month, date);
    // Subscriptions whose first delivery is in the month now start on its new day.
    await tx
      .update(subscriptions)
      .set({ firstDelivery: result.date })
      .where(like(subscriptions.firstDelivery, `${month}-%`));
    await announce(tx, { type: 'delivery-date', deliveryDate: result });
    return result;
  });
}
