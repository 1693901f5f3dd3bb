// Part of the route table (api-routes.ts): a module per access level, so a browser app bundles only the routes it calls.
import { z } from 'zod';
import { apiRoute, pathOf } from './api-route';
import { MY_DELIVERIES_START_API_PATH } from './routes';
import {
  assignSchema,
  dashboardViewQuerySchema,
  deliveryDatesQuerySchema,
  monthDeliveryDateSchema,
  monthDeliverySchema,
  monthSchema,
  monthPageQuerySchema,
  proofFieldsSchema,
  routeOrderSchema,
  staffMemberSchema,
  statusChangeSchema,
  subscriptionPageSchema,
  subscriptionRowSchema,
  undoRevertSchema,
} from './deliveries-api';
import { daySummarySchema, startMonthSchema } from './day-summary';
import { forecastSchema } from './forecast';
import { assignByAreaSchema, dayStopSchema, dayStopsQuerySchema } from './day-stops';
import { liveEventSchema } from './live';
import { setTerritorySchema, settleAutoAssignedSchema, territorySchema } from './territories';
import { FAILED_ATTEMPT_STAFF_ROUTES } from './failed-attempts-api-routes';
import { OWN_RECORD_ROUTES } from './own-record-api-routes';

const monthQuery = z.strictObject({ month: monthSchema });
const proofParams = z.strictObject({ subscriptionId: z.uuid({ error: 'subscriptionId must be a subscription id.' }), month: monthSchema });

/** Staff screens (the dashboard, My Deliveries): any staff role. */
export const STAFF_ROUTES = {
  ...OWN_RECORD_ROUTES,
  listMonth: apiRoute({
    method: 'GET',
    path: '/api/subscriptions',
    access: 'staff',
    query: monthPageQuerySchema,
    response: subscriptionPageSchema,
  }),
  /** The dashboard's current view (same filters and order) as a CSV file, every page of it. */
  exportCsv: apiRoute({ method: 'GET', path: '/api/subscriptions.csv', access: 'staff', query: dashboardViewQuerySchema, reply: 'file' }),
  /** The caller's stops in route order. */
  myDeliveries: apiRoute({
    method: 'GET',
    path: '/api/my-deliveries',
    access: 'staff',
    query: monthQuery,
    response: z.array(subscriptionRowSchema),
  }),
  /**
   * My Deliveries' first load in one request: the month it opens on (as startMonth) and the
   * caller's stops in that month (as myDeliveries). Another month is asked for by myDeliveries.
   */
  myDeliveriesStart: apiRoute({
    method: 'GET',
    path: MY_DELIVERIES_START_API_PATH,
    access: 'staff',
    response: z.object({ start: startMonthSchema, rows: z.array(subscriptionRowSchema) }),
  }),
  /** Keeps the order the driver put their stops in; answers with the stops in that order. */
  saveRouteOrder: apiRoute({
    method: 'PUT',
    path: '/api/my-deliveries/order',
    access: 'staff',
    body: routeOrderSchema,
    response: z.array(subscriptionRowSchema),
  }),
  /** On the delivery day itself: every one of the caller's not-started stops of that day goes out for delivery; answers with the stops in route order. */
  startMyRoute: apiRoute({
    method: 'POST',
    path: '/api/my-deliveries/start',
    access: 'staff',
    body: monthQuery,
    response: z.array(subscriptionRowSchema),
  }),
  /** The people deliveries can be assigned to, for the bulk-assign dropdown. */
  staffMembers: apiRoute({ method: 'GET', path: '/api/staff', access: 'staff', response: z.array(staffMemberSchema) }),
  advanceStatus: apiRoute({
    method: 'POST',
    path: '/api/deliveries/status',
    access: 'staff',
    body: statusChangeSchema,
    response: monthDeliverySchema,
  }),
  /** Takes back the caller's own last status change (a step forward, or "Delivered -> Not Started"), within a few seconds of it. */
  undoRevert: apiRoute({
    method: 'POST',
    path: '/api/deliveries/undo-revert',
    access: 'staff',
    body: undoRevertSchema,
    response: monthDeliverySchema,
  }),
  /** Assigns deliveries to a person, or with null to nobody. */
  assign: apiRoute({
    method: 'POST',
    path: '/api/deliveries/assign',
    access: 'staff',
    body: assignSchema,
    response: z.array(monthDeliverySchema),
  }),
  /** Splits the day's unassigned stops among drivers as previewed (contract/area-split.ts), or refuses a stale preview. */
  assignByArea: apiRoute({
    method: 'POST',
    path: '/api/deliveries/assign-by-area',
    access: 'staff',
    body: assignByAreaSchema,
    response: z.array(monthDeliverySchema),
  }),
  /** Keeps every assignment of the month made as last month or by territory (the marks go), or clears them (those stops are unassigned again). */
  settleAutoAssigned: apiRoute({
    method: 'POST',
    path: '/api/deliveries/auto-assigned',
    access: 'staff',
    body: settleAutoAssignedSchema,
    response: z.array(monthDeliverySchema),
  }),
  /** Each driver's territory: the ZIP codes whose new stops go to them. */
  territories: apiRoute({ method: 'GET', path: '/api/territories', access: 'staff', response: z.array(territorySchema) }),
  /** Sets one driver's territory (no ZIP codes: none); answers with every territory. */
  setTerritory: apiRoute({
    method: 'PUT',
    path: '/api/territories',
    access: 'staff',
    body: setTerritorySchema,
    response: z.array(territorySchema),
  }),
  /** The month's stops with their places, for the map and for assigning by area. */
  dayStops: apiRoute({
    method: 'GET',
    path: '/api/day-stops',
    access: 'staff',
    query: dayStopsQuerySchema,
    response: z.array(dayStopSchema),
  }),
  /** Hand Delivered, or Left at Door with a photo: one multipart request, so a failed upload changes nothing. */
  recordProof: apiRoute({
    method: 'POST',
    path: '/api/deliveries/proof',
    access: 'staff',
    request: 'multipart',
    body: proofFieldsSchema,
    response: monthDeliverySchema,
  }),
  /** A delivery's door photo. */
  proofPhoto: apiRoute({
    method: 'GET',
    path: '/api/deliveries/:subscriptionId/:month/proof',
    access: 'staff',
    params: proofParams,
    reply: 'file',
  }),
  /** Each month's delivery day. */
  deliveryDates: apiRoute({
    method: 'GET',
    path: '/api/delivery-dates',
    access: 'staff',
    query: deliveryDatesQuerySchema,
    response: z.array(monthDeliveryDateSchema),
  }),
  /** The month staff screens open on: where the work is (contract/day-summary.ts). */
  startMonth: apiRoute({ method: 'GET', path: '/api/start-month', access: 'staff', response: startMonthSchema }),
  /** The month's stops counted by where they stand, and each driver's progress. */
  daySummary: apiRoute({ method: 'GET', path: '/api/day-summary', access: 'staff', query: monthQuery, response: daySummarySchema }),
  /** The coming delivery days: arrangements to make, what holds the others, vases to collect (contract/forecast.ts). */
  forecast: apiRoute({ method: 'GET', path: '/api/forecast', access: 'staff', response: forecastSchema }),
  /** The same forecast as a CSV file, one line per delivery day. */
  forecastCsv: apiRoute({ method: 'GET', path: '/api/forecast.csv', access: 'staff', reply: 'file' }),
  /** Every change staff screens show, as server-sent events: each one's data is a LiveEvent. */
  live: apiRoute({ method: 'GET', path: '/api/live', access: 'staff', reply: 'event-stream', response: liveEventSchema }),
  ...FAILED_ATTEMPT_STAFF_ROUTES,
};

/**
 * Where a delivery's door photo is served (staff only). Named with the table, not by the route
 * alone: a delivery is announced on the live feed from inside the transaction that changes it,
 * with this link in it, before any route sees it.
 */
export const deliveryProofPath = (subscriptionId: string, month: string) => pathOf(STAFF_ROUTES.proofPhoto, { subscriptionId, month });
