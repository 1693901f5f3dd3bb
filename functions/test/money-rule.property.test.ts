import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { inTransaction } from '../src/db/database';
import { subscriptions } from '../src/db/schema';
import { cancelSubscription } from '../src/services/account/changes';
import { deliveryDateOf } from '../src/read-models/delivery-dates';
import { recordCheckoutPayments } from '../src/services/gifts';
import { deliversOncePaid } from '../src/domain/lifecycle';
import { recordPayment } from '../src/services/payment-ledger';
import { ledgerOf, monthBalances } from '../src/read-models/ledger';
import { insertSubscription } from '../src/services/subscriptions';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { aSubscriber, firstDeliveryOf } from './support/fixtures';
import { accountChange, makeAccountChange, planMonths } from './support/money-rule';
import { testNow } from './support/test-now';

const site = { contactEmail: 'studio@example.com', phone: '(801) 555-0142', accountUrl: 'https://blooms.example/account' } as never;

/**
 * The money rule, over any plan, any months paid ahead, and any run of skips, pauses, resumes
 * and month changes, then a cancellation: the ledger never holds less than nothing for a month,
 * holds exactly what was charged less what was refunded, and once cancelled holds money only for
 * months still delivered (or delivered already): nothing is kept for a month that will not come.
 */
describe.each(DATABASE_KINDS)('the money rule on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('holds for any plan and any changes, and cancelling keeps no money for a month that will not be delivered', async () => {
    const now = testNow();
    const thisMonth = studioDate(now).slice(0, 7);
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(
        planMonths,
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
        fc.array(accountChange, { maxLength: 6 }),
        async (months, paidAhead, actions) => {
          const subscriber = aSubscriber({ plan: months.length === 12 ? 'yearly' : 'custom', months: [...months].sort((a, b) => a - b) });
          const first = firstDeliveryOf(subscriber.months);
          const sessionId = `cs_property_${process.pid}_${++serial}`;
          const row = (await inTransaction(database.db, async (tx) => {
            const made = await insertSubscription(
              tx,
              subscriber,
              { checkoutSessionId: sessionId, customerId: null, subscriptionId: null },
              first.date,
            );
            await recordCheckoutPayments(tx, made!, sessionId, first.month);
            return made;
          }))!;
          // Months charged ahead (as the billing worker would have), each its own payment.
          for (const ahead of paidAhead) {
            const month = addMonths(first.month, ahead);
            if (deliversOncePaid(row, month))
              await recordPayment(database.db, row.id, `pi_property_${serial}_${ahead}`, month, PRICE_PER_MONTH_CENTS);
          }
          const charged = (await ledgerOf(database.db, [row.id])).reduce((sum, e) => sum + (e.kind === 'charge' ? e.amountCents : 0), 0);
          const ctx = { db: database.db, site, now };
          const refunded: number[] = [];
          const refunds = {
            refund: async ({ amountCents }: { amountCents: number }) => (
              refunded.push(amountCents),
              { ref: `re_${serial}_${refunded.length}` }
            ),
          };

          const holds = async () => {
            const balances = monthBalances(await ledgerOf(database.db, [row.id]));
            for (const balance of balances) expect(balance.balanceCents).toBeGreaterThanOrEqual(0);
            const held = balances.reduce((sum, balance) => sum + balance.balanceCents, 0);
            expect(held).toBe(charged - refunded.reduce((sum, cents) => sum + cents, 0));
            return balances;
          };
          for (const step of actions) {
            await makeAccountChange(ctx, subscriber.email, row.id, step, thisMonth);
            await holds();
          }

          await cancelSubscription({ ...ctx, refunds }, subscriber.email, row.id);
          const balances = await holds();
          const [cancelled] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
          const today = studioDate(now);
          for (const balance of balances.filter((b) => b.balanceCents > 0)) {
            const delivered = (await deliveryDateOf(database.db, balance.month)).date < today;
            expect({ month: balance.month, comes: delivered || deliversOncePaid(cancelled!, balance.month) }).toEqual({
              month: balance.month,
              comes: true,
            });
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
