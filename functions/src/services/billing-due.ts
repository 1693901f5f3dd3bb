import { inArray, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '@blooms/shared/contract/lifecycle';
import { addMonths } from '@blooms/shared/contract/months';
import type { IsoDate, MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { chargeAttempts, deliveryDates, ledgerEntries, receipts, subscriptions } from '../db/schema';
import { describeDeliveryDate } from '../read-models/delivery-dates';
import { endingGifts } from './gifts';
import { RECEIPT_OF_ENTRY, WAITING_FOR_RECEIPT } from './receipts';

/** Subscriptions a failed payment or a dispute holds: their money may have to go on to the next delivery. */
export const HOLDING = inArray(subscriptions.status, HOLDING_STATUSES);

/** Tries whose answer never came (lost, or the bank still processing), whatever their month. */
export const UNANSWERED = inArray(chargeAttempts.outcome, ['pending', 'processing']);

/**
 * What a billing run has to look at, read at its start in one statement: this month's and next
 * month's delivery days (whether a month is due), and whether there is any subscription held,
 * try unanswered, payment without its receipt or gift at its last month. Each part of the run
 * finding nothing is skipped; the hourly run almost always finds nothing.
 */
export interface BillingDue {
  days: MonthDeliveryDate[];
  holding: boolean;
  unanswered: boolean;
  receipts: boolean;
  gifts: boolean;
}

const exists = (query: { getSQL: () => unknown }) => sql<boolean>`exists (${query})`;

const chosenDate = (month: ReturnType<typeof sql.placeholder>) =>
  sql<IsoDate | null>`(select ${deliveryDates.date} from ${deliveryDates} where ${deliveryDates.month} = ${month})`.mapWith(
    deliveryDates.date,
  );

// Built and prepared once per database: building a query costs more CPU than running these.
const dueStatement = perDatabase((db: Db) => {
  const one = { one: sql`1` };
  return db
    .select({
      thisMonth: chosenDate(sql.placeholder('thisMonth')),
      nextMonth: chosenDate(sql.placeholder('nextMonth')),
      holding: exists(db.select(one).from(subscriptions).where(HOLDING)),
      unanswered: exists(db.select(one).from(chargeAttempts).where(UNANSWERED)),
      receipts: exists(db.select(one).from(ledgerEntries).leftJoin(receipts, RECEIPT_OF_ENTRY).where(WAITING_FOR_RECEIPT)),
      gifts: exists(
        db
          .select(one)
          .from(subscriptions)
          .where(endingGifts(sql.placeholder('thisMonth'))),
      ),
    })
    .from(sql`(values (1)) as due`)
    .prepare('billing_due');
});

export async function billingDue(db: Db, today: IsoDate): Promise<BillingDue> {
  const thisMonth = today.slice(0, 7);
  const nextMonth = addMonths(thisMonth, 1);
  const [due] = await dueStatement(db).execute({ thisMonth, nextMonth });
  return {
    days: [describeDeliveryDate(thisMonth, due!.thisMonth), describeDeliveryDate(nextMonth, due!.nextMonth)],
    holding: due!.holding,
    unanswered: due!.unanswered,
    receipts: due!.receipts,
    gifts: due!.gifts,
  };
}
