// The owner's figures from the parts kept in the database (migration 0034,
// read-models/kept-figure-parts.ts) against the same figures read whole from the tables, after
// writes of every kind a part is kept for: they must be the same, number for number.
import { sql } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import type { BusinessFiguresQuery } from '@blooms/shared/contract/business-figures';
import { businessFigures } from '../src/read-models/business-figures';
import { REBUILD_SUBSCRIPTIONS } from '../src/read-models/kept-figure-parts';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { noonOn } from './support/fixtures';

const NOW = noonOn('2026-11-26');
const THIS_MONTH = studioDate(NOW).slice(0, 7);
const NEXT_MONTH = addMonths(THIS_MONTH, 1);
const LAST_MONTH = addMonths(THIS_MONTH, -1);
const PAST_RANGE: BusinessFiguresQuery = { from: '2025-03', to: '2025-10' };

/** Two years of history for 120 subscriptions, as the benchmark seeds it (bench/business-figures.ts), without randomness. */
async function seed(database: TestDatabase) {
  const { db } = database;
  const at = sql`${NOW.toISOString()}::timestamptz`;
  await db.execute(sql`insert into subscriptions
      (first_name, last_name, email, phone, address, city, zip, plan, months, created_at, buyer_email,
       skipped_months, paused_from, paused_until, status, status_from, ends_after, vases_out)
    select 'First' || i, 'Last' || i, 'subscriber' || i || '@example.com', '8015550100', i || ' Main St', 'Provo', '84601',
      case when i % 4 = 0 then 'custom' else 'yearly' end,
      case when i % 4 = 0 then array[1, 4, 7, 10] else array[1,2,3,4,5,6,7,8,9,10,11,12] end,
      ${at} - (i * 6) * interval '1 day',
      case when i % 10 = 0 then 'giver' || i || '@example.com' else '' end,
      case when i % 7 = 0 then array[to_char(${at} - (i % 12) * interval '1 month', 'YYYY-MM')] else '{}' end,
      case when i % 13 = 0 then to_char(${at} - (i % 6) * interval '1 month', 'YYYY-MM') end,
      case when i % 13 = 0 then to_char(${at} - (i % 6 - 2) * interval '1 month', 'YYYY-MM') end,
      case when i % 9 = 0 then 'cancelled' when i % 17 = 0 then 'past-due' else 'active' end,
      to_char(${at} - (i % 10) * interval '1 month', 'YYYY-MM'),
      case when i % 9 = 0 then to_char(${at} - (i % 10 + 1) * interval '1 month', 'YYYY-MM') end,
      case when i % 11 = 0 then 1 else 0 end
    from generate_series(1, 120) as i`);
  await db.execute(sql`insert into deliveries (subscription_id, month, status, proof_image_key, updated_at)
    select s.id, to_char(m, 'YYYY-MM'), 'delivered', case when s.zip = '84601' and length(s.first_name) % 3 = 0 then 'proof.jpg' end,
      m + (length(s.first_name) % 20) * interval '1 day'
    from subscriptions s
      cross join generate_series(date_trunc('month', ${at}) - interval '24 months', date_trunc('month', ${at}) - interval '1 month', interval '1 month') as m
    where m >= date_trunc('month', s.created_at) and (extract(month from m)::int + length(s.first_name)) % 10 <> 0`);
  await db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, actor_kind, actor, at)
    select subscription_id, 'charge', month, ${PRICE_PER_MONTH_CENTS}, 'pi_' || subscription_id || '_' || month, 'provider', 'test',
      to_date(month || '-01', 'YYYY-MM-DD') - interval '3 days'
    from deliveries`);
  await db.execute(sql`insert into subscription_events (subscription_id, actor_kind, actor, kind, detail, at)
    select id, 'subscriber', email, 'cancel', '{}'::jsonb, ${at} - (length(email) * 9) * interval '1 day' from subscriptions where status = 'cancelled'`);
}

describe.each(DATABASE_KINDS)('the owner’s figures from the parts kept, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await seed(database);
  });
  afterAll(() => database.destroy());

  const someone = async (n = 0) => {
    const rows = (await database.db.execute(sql`select id from subscriptions order by email offset ${n} limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    return rows.rows[0]!.id;
  };

  /** The kept figures (brought up to date first) and those read whole, for the default range and a past one. */
  async function expectKeptAsFull(now = NOW) {
    for (const query of [{}, PAST_RANGE]) {
      const kept = await businessFigures(database.db, query, now);
      const full = await businessFigures(database.db, query, now, 'full');
      expect(kept).toEqual(full);
    }
  }

  const counted = async (table: string) => {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(rows[0]!.n);
  };

  it('are the full figures at the first look, and keep every part', async () => {
    await expectKeptAsFull();
    expect(await counted('figures_kept_sets')).toBe(120);
    expect(await counted('figures_ledger_months')).toBeGreaterThan(20);
    expect(await counted('figures_delivery_months')).toBeGreaterThan(15);
    expect(await counted('figures_changes')).toBe(0);
  });

  it('after a subscription is made, paused, skipped, cancelled or deleted', async () => {
    const { db } = database;
    await db.execute(sql`insert into subscriptions (first_name, last_name, email, phone, address, city, zip, plan, months, first_delivery, created_at)
      values ('New', 'One', 'new@example.com', '8015550100', '1 New St', 'Provo', '84601', 'yearly', array[1,2,3,4,5,6,7,8,9,10,11,12],
        ${`${NEXT_MONTH}-10`}, ${NOW.toISOString()}::timestamptz)`);
    await expectKeptAsFull();
    await db.execute(
      sql`update subscriptions set paused_from = ${THIS_MONTH}, paused_until = ${NEXT_MONTH} where id = ${await someone(1)}`,
    );
    await expectKeptAsFull();
    await db.execute(sql`update subscriptions set skipped_months = array[${NEXT_MONTH}] where id = ${await someone(2)}`);
    await db.execute(
      sql`update subscriptions set status = 'cancelled', status_from = ${LAST_MONTH}, ends_after = ${LAST_MONTH} where id = ${await someone(3)}`,
    );
    await expectKeptAsFull();
    await db.execute(sql`update subscriptions set months = array[2, 5, 8, 11] where id = ${await someone(4)}`);
    await db.execute(sql`delete from subscriptions where id = ${await someone(5)}`);
    await expectKeptAsFull();
  });

  it('after a stop is delivered, with its history, or a past one taken back', async () => {
    const { db } = database;
    const id = await someone(6);
    await db.execute(sql`insert into deliveries (subscription_id, month, status, proof_image_key, updated_at)
      values (${id}, ${THIS_MONTH}, 'delivered', 'proof.jpg', ${NOW.toISOString()}::timestamptz)
      on conflict (subscription_id, month) do update set status = 'delivered', proof_image_key = 'proof.jpg'`);
    await expectKeptAsFull();
    await db.execute(sql`insert into delivery_events (subscription_id, month, kind, detail, actor_email, at)
      values (${id}, ${THIS_MONTH}, 'status', '{"to": "delivered"}'::jsonb, 'staff@example.com', ${NOW.toISOString()}::timestamptz + interval '40 days')`);
    await expectKeptAsFull();
    await db.execute(
      sql`update deliveries set status = 'out-for-delivery' where subscription_id = ${await someone(7)} and month = ${LAST_MONTH}`,
    );
    await db.execute(sql`delete from deliveries where subscription_id = ${await someone(8)} and month = '2025-05'`);
    await expectKeptAsFull();
  });

  it('after charges and refunds, for months past and to come, and a delivery day moved', async () => {
    const { db } = database;
    const entry = (id: string, kind: string, month: string, cents: number, at: string) =>
      db.execute(sql`insert into ledger_entries (subscription_id, kind, month, amount_cents, payment_ref, actor_kind, actor, at)
        values (${id}, ${kind}, ${month}, ${cents}, ${`pi_test_${id}_${month}_${kind}`}, 'staff', 'test', ${at}::timestamptz)`);
    await entry(await someone(9), 'charge', NEXT_MONTH, PRICE_PER_MONTH_CENTS, NOW.toISOString());
    await expectKeptAsFull();
    await entry(await someone(10), 'refund', '2025-06', -2500, NOW.toISOString());
    // At the turn of a month in the studio, not in UTC.
    await entry(await someone(11), 'adjustment', '2025-09', 700, '2025-10-01T03:00:00Z');
    await expectKeptAsFull();
    await db.execute(
      sql`update ledger_entries set at = at - interval '60 days' where payment_ref = ${`pi_test_${await someone(9)}_${NEXT_MONTH}_charge`}`,
    );
    await db.execute(
      sql`insert into delivery_dates (month, date, set_by) values (${LAST_MONTH}, ${`${LAST_MONTH}-03`}, 'boss@example.com')`,
    );
    await expectKeptAsFull();
  });

  it('after many subscriptions change at once, a table is emptied, and the month turns', async () => {
    const { db } = database;
    expect(REBUILD_SUBSCRIPTIONS).toBeGreaterThan(0);
    await db.execute(sql`update subscriptions set vases_out = vases_out + 1`);
    await expectKeptAsFull();
    // Parts kept by an older query (KEPT_FORMAT moved with a deploy): every part is read again.
    await db.execute(sql`update figures_kept_sets set active = 0`);
    await db.execute(sql`update figures_ledger_months set cents = cents + 1`);
    await db.execute(sql`update figures_delivery_months set on_day = on_day + 1`);
    await db.execute(sql`update figures_kept_state set span = 'older' where part = 'format'`);
    await expectKeptAsFull();
    await db.execute(sql`truncate ledger_entries`);
    await expectKeptAsFull();
    // December: the month sets are kept over the new span (2025-12 to 2027-03), not read whole at every look.
    await expectKeptAsFull(new Date(NOW.getTime() + 10 * 24 * 3600 * 1000));
    const { rows } = (await db.execute(sql`select span from figures_kept_state where part = 'sets'`)) as unknown as {
      rows: { span: string }[];
    };
    expect(JSON.parse(rows[0]!.span)).toEqual({ from: '2025-12', to: '2027-03', coming: ['2027-01', '2027-02', '2027-03'] });
    await expectKeptAsFull();
  });
});
