import { count, eq } from 'drizzle-orm';
import { chargeDateFor, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate, studioMidnight, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, ALL_MONTH_NUMBERS, type MonthKey } from '@blooms/shared/contract/months';
import { NOT_A_GIFT, type Subscriber } from '@blooms/shared/contract/subscriber';
import { inTransaction, type Db } from '../db/database';
import { deliveries, subscriptions } from '../db/schema';
import { deliveryDatesBetween } from '../read-models/delivery-dates';
import { recordPayment } from './payment-ledger';
import { insertSubscription } from './subscriptions';
import { recountVases } from './vases';

const ALL_MONTHS = [...ALL_MONTH_NUMBERS];

/**
 * Made-up subscribers at made-up addresses in the delivery area, for trying the product locally,
 * each with the months since it subscribed (0: this month), in the order below.
 */
const SUBSCRIBED_MONTHS_AGO = [14, 10, 7, 12, 4, 0];
const DEMO: Subscriber[] = [
  {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria.lopez@example.com',
    phone: '8015550101',
    address: '215 E 400 S',
    unit: 'Apt 3',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84111',
    deliveryNotes: 'Gate code 4412. Please leave the vase by the side door if nobody answers; the front porch gets full afternoon sun.',
    ...NOT_A_GIFT,
    plan: 'yearly',
    months: ALL_MONTHS,
  },
  {
    firstName: 'James',
    lastName: 'Whitaker',
    email: 'j.whitaker@example.com',
    phone: '8015550102',
    address: '1480 N 1200 W',
    unit: '',
    city: 'Provo',
    state: 'UT',
    zip: '84604',
    deliveryNotes: '',
    ...NOT_A_GIFT,
    plan: 'custom',
    months: [2, 5, 11, 12],
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    phone: '8015550103',
    address: '88 W Center St',
    unit: 'Suite 200',
    city: 'Bountiful',
    state: 'UT',
    zip: '84010',
    deliveryNotes: 'Office reception, ask for Dana.',
    ...NOT_A_GIFT,
    plan: 'yearly',
    months: ALL_MONTHS,
  },
  {
    firstName: 'Tom',
    lastName: 'Nguyen',
    email: 'tom.nguyen@example.com',
    phone: '8015550104',
    address: '3301 S Highland Dr',
    unit: '',
    city: 'Millcreek',
    state: 'UT',
    zip: '84106',
    deliveryNotes: 'Gift for my mom, Linh. Please ring twice.',
    ...NOT_A_GIFT,
    plan: 'custom',
    months: [1, 3, 5, 7, 9, 11],
  },
  {
    firstName: 'Ashley',
    lastName: 'Brooks',
    email: 'ashley.brooks@example.com',
    phone: '8015550105',
    address: '620 E 100 N',
    unit: '',
    city: 'Lehi',
    state: 'UT',
    zip: '84043',
    deliveryNotes: '',
    ...NOT_A_GIFT,
    plan: 'yearly',
    months: ALL_MONTHS,
  },
  {
    firstName: 'Daniel',
    lastName: 'Kim',
    email: 'daniel.kim@example.com',
    phone: '8015550106',
    address: '45 N Main St',
    unit: 'Unit B',
    city: 'Kaysville',
    state: 'UT',
    zip: '84037',
    deliveryNotes: 'Dog in the yard is friendly.',
    ...NOT_A_GIFT,
    plan: 'custom',
    months: [4, 8, 12],
  },
];

/** An instant on a studio day, `hours` after its midnight. */
const atHour = (date: IsoDate, hours: number) => new Date(studioMidnight(date).getTime() + hours * 3600_000);

/**
 * Gives a demo subscription the history it would have had since it subscribed `monthsAgo`
 * months before `now`: made early on the first of that month, its first delivery the first
 * delivery day of its plan after that, and for each month of its plan since, the charge the
 * billing service would have made (the first at checkout, the others on their charge date, if
 * it has come) and the delivery, delivered on its day, once that day has passed.
 */
async function giveHistory(tx: Db, id: string, subscriber: Subscriber, monthsAgo: number, now: Date): Promise<void> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const firstMonth = addMonths(thisMonth, -monthsAgo);
  const madeAt = new Date(Math.min(now.getTime(), atHour(`${firstMonth}-01`, 9).getTime()));
  const madeOn = studioDate(madeAt);
  const days = (await deliveryDatesBetween(tx, firstMonth, addMonths(thisMonth, 12))).filter(
    (day) => subscriber.months.includes(Number(day.month.slice(5, 7))) && day.date > madeOn,
  );
  const first = days[0];
  await tx
    .update(subscriptions)
    .set({ createdAt: madeAt, firstDelivery: first?.date ?? null })
    .where(eq(subscriptions.id, id));
  for (const day of days) {
    const paidAt = day === first ? madeAt : atHour(chargeDateFor(day.date), 9);
    if (paidAt > now) break;
    await recordPayment(tx, id, `demo-${id}-${day.month}`, day.month as MonthKey, PRICE_PER_MONTH_CENTS, { at: paidAt });
    const deliveredAt = atHour(day.date, 14);
    if (day.date >= today) continue;
    await tx.insert(deliveries).values({ subscriptionId: id, month: day.month, status: 'delivered', updatedAt: deliveredAt });
  }
  await recountVases(tx, id);
}

/**
 * Adds the demo subscribers when the database has no subscription at all, each with the history
 * its months since it subscribed would have (the ledger's charges, the deliveries made), so the
 * owner's figures of the demo read as a real business's would.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions);
  if ((row?.n ?? 0) > 0) return 0;
  await inTransaction(db, async (tx) => {
    for (const [i, subscriber] of DEMO.entries()) {
      const made = await insertSubscription(tx, subscriber);
      if (made) await giveHistory(tx, made.id, subscriber, SUBSCRIBED_MONTHS_AGO[i] ?? 0, now);
    }
  });
  return DEMO.length;
}
