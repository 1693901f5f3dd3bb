import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deliveries, monthListVersion, subscriptionCount, subscriptions, users } from '../../db/schema';
import { ASSIGNEE, deliveryColumns, deliveryInMonth, LIST_VERSION, NEWEST_FIRST, versionedMonthRows } from './rows';
import { searchCondition } from './search';

/** The exact number of subscriptions, kept by triggers (migration 0007). */
const SUBSCRIPTION_TOTAL = sql<number>`(select ${subscriptionCount.total} from ${subscriptionCount})`.mapWith(Number);

/**
 * The month list's statements for the whole list in the default order and for a search's
 * first page, built and prepared once per database: building a query is most of a page's CPU
 * time otherwise, and one statement (the page off the newest-first index, its deliveries and
 * the total) is one round trip (see docs/performance.md).
 */
export function prepareMonthList(db: Db) {
  const newest = (name: string, after: boolean) =>
    db
      .select({ subscription: subscriptions, ...deliveryColumns, total: SUBSCRIPTION_TOTAL, version: LIST_VERSION })
      .from(subscriptions)
      .leftJoin(deliveries, deliveryInMonth(sql.placeholder('month')))
      .leftJoin(users, ASSIGNEE)
      .where(
        after
          ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
          : undefined,
      )
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  return {
    first: newest('month_list_first', false),
    search: versionedMonthRows(db, sql.placeholder('month'))
      .where(searchCondition({ prefix: sql.placeholder('prefix'), digits: sql.placeholder('digits') }))
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .prepare('month_list_search'),
    after: newest('month_list_after', true),
    total: db.select({ total: subscriptionCount.total }).from(subscriptionCount).prepare('subscription_count'),
    version: db.select({ version: monthListVersion.version }).from(monthListVersion).prepare('month_list_version'),
  };
}
