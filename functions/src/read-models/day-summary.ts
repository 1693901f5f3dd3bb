import { count, sql } from 'drizzle-orm';
import { startMonthOf, type DaySummary, type DriverProgress, type StartMonth } from '@blooms/shared/contract/day-summary';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { Db } from '../db/database';
import { deliveries, subscriptions, users } from '../db/schema';
import { deliveryDateOf } from './delivery-dates';
import { pickupInSql, stopInSql } from './month-list/filters';
import { ASSIGNEE, deliveryInMonth } from './month-list/rows';
import { openAttemptSql } from './failed-attempts';

/**
 * The month's stops (the subscriptions that deliver in it, by the same rule as the list's
 * "Deliver This Month", and the pickup-only stops) counted by status and by whom they are
 * assigned to, in one grouped read. A stop is not delivered only once its day has passed in
 * the studio at `now`.
 */
export async function daySummary(db: Db, month: MonthKey, now: Date): Promise<DaySummary> {
  const [groups, day] = await Promise.all([
    db
      .select({
        status: deliveries.status,
        email: users.email,
        name: users.name,
        stops: count(),
        pickups: sql<number>`count(*) filter (where ${pickupInSql(month)})`.mapWith(Number),
        autoAssigned: sql<number>`count(${deliveries.autoAssigned})`.mapWith(Number),
        couldNotDeliver: sql<number>`count(*) filter (where ${openAttemptSql})`.mapWith(Number),
      })
      .from(subscriptions)
      .leftJoin(deliveries, deliveryInMonth(month))
      .leftJoin(users, ASSIGNEE)
      .where(stopInSql(month))
      .groupBy(deliveries.status, users.email, users.name),
    deliveryDateOf(db, month),
  ]);
  const summary: Required<DaySummary> = {
    month,
    date: day.date,
    stops: 0,
    pickups: 0,
    unassigned: 0,
    autoAssigned: 0,
    assigned: 0,
    out: 0,
    delivered: 0,
    notDelivered: 0,
    couldNotDeliver: 0,
    dayPassed: day.date < studioDate(now),
    drivers: [],
  };
  const drivers = new Map<string, DriverProgress>();
  for (const group of groups) {
    const stops = Number(group.stops);
    const delivered = group.status === 'delivered';
    const out = group.status === 'out-for-delivery';
    summary.stops += stops;
    summary.pickups += group.pickups;
    summary.autoAssigned += group.autoAssigned;
    summary.couldNotDeliver += group.couldNotDeliver;
    if (delivered) summary.delivered += stops;
    else if (summary.dayPassed) summary.notDelivered += stops - group.couldNotDeliver;
    // A stop that could not be delivered is still out on the server (old screens know three statuses) but is counted apart.
    if (out) summary.out += stops - group.couldNotDeliver;
    else if (!delivered && group.email) summary.assigned += stops;
    else if (!delivered) summary.unassigned += stops;
    if (!group.email) continue;
    const driver = drivers.get(group.email) ?? { email: group.email, name: group.name ?? '', done: 0, assigned: 0 };
    driver.assigned += stops;
    if (delivered) driver.done += stops;
    drivers.set(group.email, driver);
  }
  summary.drivers = [...drivers.values()].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
  return summary;
}

/** The month staff screens open on at this instant (contract/day-summary.ts, startMonthOf). */
export async function startMonth(db: Db, now: Date): Promise<StartMonth> {
  const today = studioDate(now);
  const thisMonth = today.slice(0, 7);
  const [summary, next] = await Promise.all([daySummary(db, thisMonth, now), deliveryDateOf(db, addMonths(thisMonth, 1))]);
  return startMonthOf(today, summary, next.date);
}
