// Retention's cohorts against a small history counted by hand: a subscription joins the cohort of
// the month of its first delivery ever, so one delivered before the range (and again in it) is in no
// cohort of the range, whatever months it skipped in between.
import { RETENTION_MONTHS } from '@blooms/shared/contract/business-figures';
import type { Subscriber } from '@blooms/shared/contract/subscriber';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../src/db/database';
import { deliveries, subscriptions } from '../src/db/schema';
import { businessFigures } from '../src/read-models/business-figures';
import { insertSubscription } from '../src/services/subscriptions';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { aSubscriber, noonOn } from './support/fixtures';

const NOW = noonOn('2026-11-26');
/** Shares for the months after a cohort: those given, then none (months not come yet). */
const shares = (...known: number[]) => [...known, ...Array<null>(RETENTION_MONTHS - known.length).fill(null)];

describe.each(DATABASE_KINDS)('retention cohorts, counted by hand, on %s', (kind) => {
  let database: TestDatabase;
  afterAll(() => database.destroy());

  /** A Yearly subscription from its first delivery to the month it ends after, delivered in `delivered`. */
  async function subscription(firstDelivery: string, endsAfter: string, delivered: string[], overrides: Partial<Subscriber> = {}) {
    const row = (await inTransaction(database.db, (tx) => insertSubscription(tx, aSubscriber(overrides), null, firstDelivery)))!;
    await database.db.update(subscriptions).set({ endsAfter }).where(eq(subscriptions.id, row.id));
    for (const month of delivered) await database.db.insert(deliveries).values({ subscriptionId: row.id, month, status: 'delivered' });
  }

  it('puts each subscription in the cohort of its first delivery ever, and follows it month by month', async () => {
    database = await createMigratedDatabase(kind);
    // First delivered in March, then again in September after months without one: in no cohort of August to November.
    await subscription('2026-03-13', '2026-09', ['2026-03', '2026-09'], { email: 'early@example.com' });
    // First delivered in July, the month before the range: in no cohort of the range either.
    await subscription('2026-07-10', '2026-08', ['2026-07', '2026-08'], { email: 'july@example.com' });
    // August's cohort: delivered in August only, and ended then.
    await subscription('2026-08-14', '2026-08', ['2026-08'], { email: 'august@example.com' });
    // September's cohort: delivered in September and October, and ended then.
    await subscription('2026-09-11', '2026-10', ['2026-09', '2026-10'], { email: 'september@example.com' });

    const { retention } = await businessFigures(database.db, { from: '2026-08', to: '2026-11' }, NOW);

    expect(retention).toEqual([
      { month: '2026-08', size: 1, shares: shares(0, 0, 0) },
      { month: '2026-09', size: 1, shares: shares(1, 0) },
    ]);
  });
});
