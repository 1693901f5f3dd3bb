import type { InfiniteData, Query } from '@tanstack/react-query';
import { queryClient } from '@blooms/shared/runtime/query-client';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import type { MonthDelivery, SubscriptionPage, SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { staffQueries } from './queries';

const withDelivery = (rows: SubscriptionRow[], delivery: MonthDelivery) =>
  rows.map((row) => (row.id === delivery.subscriptionId ? { ...row, delivery } : row));

/**
 * A delivery as the server now has it (a reply to our change, or anyone's, heard on the live
 * feed), put in place in every list of its month: the dashboard's, whatever its view, and the
 * caller's own stops, which it leaves when assigned to someone else and joins (read again) when
 * assigned to them.
 */
export function applyDelivery(delivery: MonthDelivery): void {
  queryClient.setQueriesData<InfiniteData<SubscriptionPage>>(
    { queryKey: apiKey(STAFF_ROUTES.listMonth, { query: { month: delivery.month } }) },
    (list) => list && { ...list, pages: list.pages.map((page) => ({ ...page, rows: withDelivery(page.rows, delivery) })) },
  );
  const { queryKey } = staffQueries.myDeliveries(delivery.month);
  const rows = queryClient.getQueryData(queryKey);
  if (!rows) return;
  const mine = delivery.assignedTo === useAuthStore.getState().record?.email;
  if (!rows.some((row) => row.id === delivery.subscriptionId)) {
    if (mine) void queryClient.invalidateQueries({ queryKey });
  } else {
    queryClient.setQueryData(queryKey, mine ? withDelivery(rows, delivery) : rows.filter((row) => row.id !== delivery.subscriptionId));
  }
}

/** An admin moved a month's delivery day: no row changes. */
export function applyDeliveryDay(day: MonthDeliveryDate): void {
  queryClient.setQueryData(staffQueries.deliveryDay(day.month).queryKey, day);
}

/** Shows the caller's stops of the month in this order (a driver moved one), until they are read again. */
export function reorderMine(month: string, ids: string[]): void {
  queryClient.setQueryData(staffQueries.myDeliveries(month).queryKey, (rows) => {
    const byId = new Map(rows?.map((row) => [row.id, row]));
    return rows && ids.flatMap((id) => byId.get(id) ?? []);
  });
}

/** The figures counted from every stop: read again after any change. */
const COUNTS: string[] = [STAFF_ROUTES.daySummary, STAFF_ROUTES.dayStops, STAFF_ROUTES.forecast].map((route) => apiKey(route)[0]);
/** Where a screen opens, and the test clock: read once as it opens, not again while it is open. */
const OPENINGS: string[] = [STAFF_ROUTES.startMonth, STAFF_ROUTES.myDeliveriesStart, ADMIN_ROUTES.testClock].map(
  (route) => apiKey(route)[0],
);
const firstPart = (query: Query) => query.queryKey[0] as string;

/** Reads the counted figures again (the day summary, the map's stops, the forecast). */
export const readCountsAgain = () => queryClient.invalidateQueries({ predicate: (query) => COUNTS.includes(firstPart(query)) });

/** Reads again what a change could have touched in ways a delivery does not say (a new subscription, a user's change, a reconnect). */
export const readListsAgain = () =>
  queryClient.invalidateQueries({ predicate: (query) => !OPENINGS.includes(firstPart(query)) && !COUNTS.includes(firstPart(query)) });

/** Reads again what was read before this time (kept from an earlier visit, or given with the opening). */
export const readAgainWhatPrecedes = (time: number) =>
  queryClient.invalidateQueries({
    predicate: (query) => !OPENINGS.includes(firstPart(query)) && query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < time,
  });
