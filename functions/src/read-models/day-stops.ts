import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import type { SplitStop } from '@blooms/shared/contract/area-split';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../db/database';
import { deliveries, subscriptions, users } from '../db/schema';
import type { Geocoder } from '../infrastructure/geocoder';
import { pointOfZip } from '../domain/route-order';
import { pickupInSql, stopInSql } from './month-list/filters';
import { ASSIGNEE, deliveryInMonth } from './month-list/rows';

function stopsOfMonth(db: Db, month: MonthKey, narrower?: SQL) {
  return db
    .select({
      id: subscriptions.id,
      firstName: subscriptions.firstName,
      lastName: subscriptions.lastName,
      address: subscriptions.address,
      city: subscriptions.city,
      zip: subscriptions.zip,
      status: deliveries.status,
      assignedTo: users.email,
      assigneeName: users.name,
      pickup: sql<boolean>`${pickupInSql(month)}`,
    })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE)
    .where(narrower ? and(stopInSql(month), narrower) : stopInSql(month))
    .orderBy(asc(subscriptions.zip), asc(subscriptions.id));
}

/**
 * The month's stops, deliveries and pickup-only stops (the same rule as the day summary's) with their places: geocoded with a
 * geocoder (a key is configured), else the ZIP's centre, so the map needs no key or network.
 */
export async function dayStops(db: Db, month: MonthKey, geocoder: Geocoder | null, assigneeId?: string): Promise<DayStop[]> {
  const rows = await stopsOfMonth(db, month, assigneeId ? eq(deliveries.assigneeId, assigneeId) : undefined);
  const located = geocoder ? await geocoder(rows) : new Map();
  return rows.map(({ firstName, lastName, status, ...row }) => {
    const exact = located.get(row.id);
    const place = exact ?? pointOfZip(row.zip);
    return {
      ...row,
      name: `${firstName} ${lastName}`,
      status: status ?? 'not-started',
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      exact: exact !== undefined,
    };
  });
}

/** The month's stops nobody has yet, as "Assign by area" splits them. */
export async function unassignedStops(db: Db, month: MonthKey): Promise<SplitStop[]> {
  const rows = await stopsOfMonth(db, month, isNull(deliveries.assigneeId));
  return rows.map(({ id, zip, pickup }) => ({ id, zip, pickup }));
}
