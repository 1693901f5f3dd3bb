// The figures' headline (active subscribers, monthly recurring revenue, net charged, churn, net
// growth, revenue per subscriber) against a small history counted by hand, and the demo's
// subscribers, whose past months must read as paid and delivered.
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import type { FigureNumbers } from '@blooms/shared/contract/business-figures';
import { studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import type { Subscriber } from '@blooms/shared/contract/subscriber';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../src/db/database';
import { ledgerEntries, subscriptionEvents, subscriptions } from '../src/db/schema';
import { businessFigures } from '../src/read-models/business-figures';
import { seedDemoData } from '../src/services/demo-data';
import { recordPayment } from '../src/services/payment-ledger';
import { insertSubscription } from '../src/services/subscriptions';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { aSubscriber, noonOn } from './support/fixtures';

const PRICE = PRICE_PER_MONTH_CENTS;
const NOW = noonOn('2026-11-26');
const at = (date: string) => new Date(studioMidnight(date).getTime() + 10 * 3600_000);

describe.each(DATABASE_KINDS)('the figures’ headline, counted by hand, on %s', (kind) => {
  let database: TestDatabase;
  let figures: FigureNumbers;

  /** A subscription made on `made` (studio day), with its first delivery and any other columns set. */
  async function subscription(made: string, firstDelivery: string, overrides: Partial<Subscriber> = {}, columns = {}) {
    const row = (await inTransaction(database.db, (tx) => insertSubscription(tx, aSubscriber(overrides), null, firstDelivery)))!;
    await database.db
      .update(subscriptions)
      .set({ createdAt: at(made), ...columns })
      .where(eq(subscriptions.id, row.id));
    return row.id;
  }
  const charge = (id: string, month: string, on: string, ref: string) =>
    recordPayment(database.db, id, `${ref}-${month}`, month, PRICE, { at: at(on) });

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    // Steady: Yearly since August, charged for October and November.
    const steady = await subscription('2026-08-01', '2026-08-13');
    await charge(steady, '2026-10', '2026-10-02', 'steady');
    await charge(steady, '2026-11', '2026-11-06', 'steady');
    // Churned: Yearly since July, charged for October, cancelled on November 3 (no more deliveries from November).
    const churned = await subscription('2026-07-01', '2026-07-09', {}, { status: 'cancelled', statusFrom: '2026-11' });
    await charge(churned, '2026-10', '2026-10-02', 'churned');
    await database.db
      .insert(subscriptionEvents)
      .values({ subscriptionId: churned, actorKind: 'subscriber', actor: 'churned@example.com', kind: 'cancel', at: at('2026-11-03') });
    // New: made on November 2, its first month paid at checkout.
    const made = await subscription('2026-11-02', '2026-11-12');
    await charge(made, '2026-11', '2026-11-02', 'new');
    // Paused: Yearly since June, charged for October (and $20 of it refunded in October), paused for November and December.
    const paused = await subscription('2026-06-01', '2026-06-11', {}, { pausedFrom: '2026-11', pausedUntil: '2026-12' });
    await charge(paused, '2026-10', '2026-10-02', 'paused');
    await database.db.insert(ledgerEntries).values({
      subscriptionId: paused,
      kind: 'refund',
      month: '2026-10',
      amountCents: -2000,
      paymentRef: 'paused-2026-10',
      entryRef: 'refund-1',
      actorKind: 'staff',
      actor: 'owner@example.com',
      at: at('2026-10-20'),
    });
    // Gift: three deliveries from October, all paid by the buyer at checkout in September.
    const gift = await subscription('2026-09-20', '2026-10-08', {
      buyerName: 'Ann Buyer',
      buyerEmail: 'ann.buyer@example.com',
      giftMessage: 'Enjoy',
      giftDeliveries: 3,
      giftPayment: 'prepaid',
    });
    for (const month of ['2026-10', '2026-11', '2026-12']) await charge(gift, month, '2026-09-20', 'gift');
    figures = await businessFigures(database.db, {}, NOW);
  });
  afterAll(() => database.destroy());

  it('counts active subscribers: delivering in the month, not cancelled, paused or before their first delivery', () => {
    // October: steady, churned, paused and the gift; November: steady, new and the gift.
    expect(figures.headline!.lastMonth).toMatchObject({ month: '2026-10', active: 4, paused: 0 });
    expect(figures.headline!.thisMonth).toMatchObject({ month: '2026-11', active: 3, paused: 1 });
  });

  it('gives monthly recurring revenue as active times the price, and what was actually charged less refunds', () => {
    expect(figures.headline!.thisMonth.recurringRevenueCents).toBe(3 * 9900);
    expect(figures.headline!.lastMonth.recurringRevenueCents).toBe(4 * 9900);
    // November: steady and new. October: steady, churned and paused, less the $20 refund (the gift was paid in September).
    expect(figures.headline!.thisMonth.netChargedCents).toBe(2 * 9900);
    expect(figures.headline!.lastMonth.netChargedCents).toBe(3 * 9900 - 2000);
  });

  it('gives churn as cancelled over last month’s active, and net growth as new less cancelled', () => {
    expect(figures.headline!.thisMonth).toMatchObject({ new: 1, cancelled: 1, churnRate: 1 / 4, netGrowth: 0 });
    // September had three active (steady, churned, paused); none cancelled in October, none made.
    expect(figures.headline!.lastMonth).toMatchObject({ new: 0, cancelled: 0, churnRate: 0, netGrowth: 0 });
  });

  it('gives revenue per subscriber per month over the last 12 months’ active months', () => {
    // Charged less refunded since December 2025: 29,700 (the gift) + 27,700 + 19,800 = 77,200 cents.
    // Active months: steady Aug-Nov 4, churned Jul-Oct 4, new Nov 1, paused Jun-Oct 5, gift Oct-Nov 2 = 16.
    expect(figures.headline!.revenuePerSubscriberMonthCents).toBe(77_200 / 16);
  });

  it('gives the same headline whatever range is asked for', async () => {
    const older = await businessFigures(database.db, { from: '2025-01', to: '2025-06' }, NOW);
    expect(older.headline).toEqual(figures.headline);
  });
});

describe.each(DATABASE_KINDS)('the demo’s subscribers, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => (database = await createMigratedDatabase(kind)));
  afterAll(() => database.destroy());

  // A day before its month's delivery (and after its charge date), a day after it, and early on the first of a month.
  it.each(['2026-11-26', '2027-03-09', '2027-06-01'])('on %s: every past month is paid for and delivered', async (day) => {
    await database.db.delete(subscriptions);
    const now = noonOn(day);
    expect(await seedDemoData(database.db, now)).toBe(6);
    const thisMonth = studioDate(now).slice(0, 7);
    const figures = await businessFigures(database.db, { from: addMonths(thisMonth, -35), to: thisMonth }, now);
    const past = figures.money.months.filter((month) => month.month < thisMonth);
    expect(past.filter((month) => month.differenceCents! < 0)).toEqual([]);
    // The history shows: deliveries worth something in most past months, none of them unpaid.
    expect(past.filter((month) => month.expectedCents > 0).length).toBeGreaterThanOrEqual(12);
    expect(figures.deliveries.filter((day) => day.notDelivered > 0)).toEqual([]);
    expect(figures.headline!.thisMonth.active).toBeGreaterThan(0);
    expect(figures.headline!.lastMonth.netChargedCents).toBeGreaterThan(0);
    expect(figures.headline!.thisMonth.new).toBe(1);
  });
});
