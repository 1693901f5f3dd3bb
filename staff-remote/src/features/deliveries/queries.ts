import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import { dashboardViewQuery, PAGE_SIZE, type DashboardView } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from './api';

/**
 * What the staff screens read, each under its route's key (api-query.ts) and answered by the
 * feature's API calls. None goes stale on a clock: the live feed writes changes in and marks
 * what it cannot place (live-cache.ts).
 */
const live = { staleTime: Infinity } as const;

export const staffQueries = {
  startMonth: () => queryOptions({ queryKey: apiKey(STAFF_ROUTES.startMonth), queryFn: () => deliveriesApi.startMonth() }),
  /** Admins, with the test checkout only: the day the server takes it to be (null: no test clock). */
  testClock: () => queryOptions({ queryKey: apiKey(ADMIN_ROUTES.testClock), queryFn: () => deliveriesApi.testClock(), ...live }),
  staff: () => queryOptions({ queryKey: apiKey(STAFF_ROUTES.staffMembers), queryFn: () => deliveriesApi.staff(), ...live }),
  /** The month's delivery day: the only entry of the route's answer for that month. */
  deliveryDay: (month: MonthKey) =>
    queryOptions({
      queryKey: [...apiKey(STAFF_ROUTES.deliveryDates, { query: { from: month, to: month } }), 'only'],
      queryFn: () => deliveriesApi.deliveryDate(month),
      ...live,
    }),
  daySummary: (month: MonthKey) =>
    queryOptions({
      queryKey: apiKey(STAFF_ROUTES.daySummary, { query: { month } }),
      queryFn: () => deliveriesApi.daySummary(month),
      ...live,
    }),
  dayStops: (month: MonthKey, mine: boolean) =>
    queryOptions({
      queryKey: apiKey(STAFF_ROUTES.dayStops, { query: { month, assignee: mine ? 'me' : undefined } }),
      queryFn: () => deliveriesApi.dayStops(month, mine),
      ...live,
    }),
  myDeliveries: (month: MonthKey) =>
    queryOptions({
      queryKey: apiKey(STAFF_ROUTES.myDeliveries, { query: { month } }),
      queryFn: () => deliveriesApi.myDeliveries(month),
      ...live,
    }),
  /**
   * The month's subscriptions as the view shows them, a page at a time; read again, every shown
   * page is. Read again whenever shown: a change put in place keeps a row where it was, though
   * it may no longer belong to the view (assigned, out of the Unassigned view).
   */
  monthList: (month: MonthKey, view: DashboardView) =>
    infiniteQueryOptions({
      queryKey: [...apiKey(STAFF_ROUTES.listMonth, { query: { month, ...dashboardViewQuery(view) } }), 'pages'],
      queryFn: ({ pageParam }) =>
        deliveriesApi.listMonth(month, pageParam ? { limit: PAGE_SIZE, cursor: pageParam } : { limit: PAGE_SIZE }, view),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
};
