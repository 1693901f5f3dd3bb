import { eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardSort, DashboardView, DeliveryStatus } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { deliveries, subscriptions, users } from '../../db/schema';
import { monthNumber } from './rows';
import { searchCondition, searchTerms } from './search';

/** What narrows and orders the month list (the dashboard's search, filters and sort). */
export interface MonthListView {
  q?: string;
  status?: DeliveryStatus | 'not-delivered';
  assignee?: string;
  scheduled?: DashboardView['scheduled'];
  city?: string;
  subscription?: SubscriptionStatus;
  sort: DashboardSort;
}

/**
 * deliversIn (contract/lifecycle.ts) in SQL, for filters, the day's summary and the owner's
 * figures: keep the two in step. The month is a 'YYYY-MM' or an SQL expression giving one.
 */
export function deliversInSql(month: MonthKey | SQL): SQL {
  const number = typeof month === 'string' ? sql`${monthNumber(month)}` : sql`cast(substr(${month}, 6, 2) as integer)`;
  return sql`(${number} = any(${subscriptions.months})
    and (${subscriptions.firstDelivery} is null or left(${subscriptions.firstDelivery}, 7) <= ${month})
    and (${subscriptions.endsAfter} is null or ${subscriptions.endsAfter} >= ${month})
    and not ((${subscriptions.status} in ('past-due', 'needs-authentication', 'disputed', 'paused') or (${subscriptions.status} = 'cancelled' and ${subscriptions.endsAfter} is null)) and ${subscriptions.statusFrom} <= ${month})
    and not (${month} = any(${subscriptions.skippedMonths}))
    and not (${subscriptions.pausedFrom} is not null and ${month} between ${subscriptions.pausedFrom} and ${subscriptions.pausedUntil}))`;
}

/**
 * A pickup-only stop in the month (contract/vases.ts, pickupDue, for a month it does not deliver
 * in) in SQL: the month's stop was made a pickup, or the subscription is over with a vase still out.
 * Keep the two in step. Needs the month's delivery joined (a left join: none reads as nulls).
 */
export function pickupInSql(month: MonthKey | SQL): SQL {
  return sql`(not ${deliversInSql(month)} and ${pickupWantedSql(month)})`;
}

/** Why a month that does not deliver has a pickup-only stop: pickupInSql without "does not deliver". */
function pickupWantedSql(month: MonthKey | SQL): SQL {
  return sql`coalesce(${deliveries.kind} = 'pickup' or ${vaseToCollectSql(month)}, false)`;
}

/** The subscription is over in the month with a vase still out (a pickup's reason that needs no delivery row). */
export function vaseToCollectSql(month: MonthKey | SQL): SQL {
  return sql`(${subscriptions.vasesOut} > 0 and case
      when ${subscriptions.endsAfter} is not null then ${month} > ${subscriptions.endsAfter}
      else ${subscriptions.status} = 'cancelled' and ${subscriptions.statusFrom} <= ${month} end)`;
}

/** A stop to make in the month: a delivery, or a pickup-only stop (contract/vases.ts, isStop). */
export function stopInSql(month: MonthKey | SQL): SQL {
  return sql`(${deliversInSql(month)} or ${pickupWantedSql(month)})`;
}

/** The view's conditions on a subscription and its delivery in the month. */
export function viewConditions(month: MonthKey, view: MonthListView): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const q = view.q?.trim();
  if (q) conditions.push(searchCondition(searchTerms(q)));
  if (view.status === 'not-started') conditions.push(or(isNull(deliveries.status), eq(deliveries.status, 'not-started')));
  else if (view.status === 'not-delivered') conditions.push(or(isNull(deliveries.status), not(eq(deliveries.status, 'delivered'))));
  else if (view.status) conditions.push(eq(deliveries.status, view.status));
  if (view.assignee === 'unassigned') conditions.push(isNull(deliveries.assigneeId));
  else if (view.assignee === 'assigned') conditions.push(isNotNull(deliveries.assigneeId));
  else if (view.assignee) conditions.push(sql`lower(${users.email}) = ${view.assignee.toLowerCase()}`);
  if (view.scheduled === 'yes') conditions.push(deliversInSql(month));
  if (view.scheduled === 'no') conditions.push(not(deliversInSql(month)));
  if (view.scheduled === 'pickup') conditions.push(pickupInSql(month));
  if (view.scheduled === 'stop') conditions.push(stopInSql(month));
  if (view.city?.trim()) conditions.push(sql`lower(${subscriptions.city}) = ${view.city.trim().toLowerCase()}`);
  if (view.subscription) conditions.push(eq(subscriptions.status, view.subscription));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** No filter and the default order, whatever the search box holds. */
const unfiltered = (view: MonthListView) =>
  !view.status && !view.assignee && !view.scheduled && !view.city?.trim() && !view.subscription && view.sort === 'newest';

/** The whole list in the default order: what the prepared statements read. */
export const isEverything = (view: MonthListView) => !view.q?.trim() && unfiltered(view);

/** Only a search, in the default order: its first page is a prepared statement too. */
export const isPlainSearch = (view: MonthListView) => Boolean(view.q?.trim()) && unfiltered(view);
