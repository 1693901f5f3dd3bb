import { count } from 'drizzle-orm';
import { ALL_MONTH_NUMBERS } from '@blooms/shared/contract/months';
import { NOT_A_GIFT, type Subscriber } from '@blooms/shared/contract/subscriber';
import { inTransaction, type Db } from '../db/database';
import { subscriptions } from '../db/schema';
import { insertSubscription } from './subscriptions';

const ALL_MONTHS = [...ALL_MONTH_NUMBERS];

/** Made-up subscribers at made-up addresses in the delivery area, for trying the product locally. */
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

/** Adds the demo subscribers when the database has no subscription at all. */
export async function seedDemoData(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions);
  if ((row?.n ?? 0) > 0) return 0;
  await inTransaction(db, async (tx) => {
    for (const subscriber of DEMO) await insertSubscription(tx, subscriber);
  });
  return DEMO.length;
}
