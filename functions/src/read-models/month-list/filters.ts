import { eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardSort, DeliveryStatus } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { deliveries, subscriptions, users } from '../../db/schema';
import { monthNumber } from './rows';
import { searchCondition } from './search';

/** What narrows and orders the month list (the dashboard's search, filters and sort). */
export interface MonthListView {
  q?: string;
  status?: DeliveryStatus | 'not-delivered';
  assignee?: string;
  scheduled?: 'yes' | 'no';
  city?: string;
  subscription?: SubscriptionStatus;
  sort: DashboardSort;
}

/** deliversIn (contract/lifecycle.ts) in SQL, for filters and the day's summary: keep the two in step. */
export function deliversInSql(month: MonthKey): SQL {
  return sql`(${monthNumber(month)} = any(${subscriptions.months})
    and (${subscriptions.firstDelivery} is null or left(${subscriptions.firstDelivery}, 7) <= ${month})
    and (${subscriptions.endsAfter} is null or ${subscriptions.endsAfter} >= ${month})
    and not ((${subscriptions.status} in ('past-due', 'needs-authentication', 'disputed', 'paused') or (${subscriptions.status} = 'cancelled' and ${subscriptions.endsAfter} is null)) and ${subscriptions.statusFrom} <= ${month})
    and not (${month} = any(${subscriptions.skippedMonths}))
    and not (${subscriptions.pausedFrom} is not null and ${month} between ${subscriptions.pausedFrom} and ${subscriptions.pausedUntil}))`;
}

/** The view's conditions on a subscription and its delivery in the month. */
export function viewConditions(month: MonthKey, view: MonthListView): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const q = view.q?.trim();
  if (q) conditions.push(searchCondition(q));
  if (view.status === 'not-started') conditions.push(or(isNull(deliveries.status), eq(deliveries.status, 'not-started')));
  else if (view.status === 'not-delivered') conditions.push(or(isNull(deliveries.status), not(eq(deliveries.status, 'delivered'))));
  else if (view.status) conditions.push(eq(deliveries.status, view.status));
  if (view.assignee === 'unassigned') conditions.push(isNull(deliveries.assigneeId));
  else if (view.assignee) conditions.push(sql`lower(${users.email}) = ${view.assignee.toLowerCase()}`);
  if (view.scheduled === 'yes') conditions.push(deliversInSql(month));
  if (view.scheduled === 'no') conditions.push(not(deliversInSql(month)));
  if (view.city?.trim()) conditions.push(sql`lower(${subscriptions.city}) = ${view.city.trim().toLowerCase()}`);
  if (view.subscription) conditions.push(eq(subscriptions.status, view.subscription));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** The whole list in the default order: what the prepared statements read. */
export const isEverything = (view: MonthListView) =>
  !view.q?.trim() &&
  !view.status &&
  !view.assignee &&
  !view.scheduled &&
  !view.city?.trim() &&
  !view.subscription &&
  view.sort === 'newest';
