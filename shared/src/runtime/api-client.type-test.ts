// Checked by `tsc` (pnpm typecheck), never run: each @ts-expect-error line must fail to
// type-check, so a client call the route table does not allow cannot compile.
import { publicApi } from './public-api';
import { staffApi } from './staff-api';
import { apiRoute } from '../contract/api-route';
import { z } from 'zod';
import { STAFF_ROUTES } from '../contract/staff-api-routes';
import { apiQuery } from './api-query';
import { queryClient } from './query-client';

export async function callsTheTableAllows() {
  const page = await staffApi.listMonth({ query: { month: '2026-11', q: 'sky@example.com', limit: 25 } });
  const total: number = page.total;
  const photo: Blob = await staffApi.proofPhoto({ params: { subscriptionId: 'id', month: '2026-11' } });
  await staffApi.recordProof({ body: { subscriptionId: 'id', month: '2026-11', method: 'door' }, files: { photo } });
  await staffApi.removeUser({ params: { id: 'u1' } });
  await staffApi.testClock();
  const upcoming = await publicApi.upcomingDeliveries();
  return [total, upcoming];
}

export async function callsTheTableRefuses() {
  // @ts-expect-error: no such route in the table
  await staffApi.listSubscriptions({ query: { month: '2026-11' } });
  // @ts-expect-error: the month list reads `q`, not `search`
  await staffApi.listMonth({ query: { month: '2026-11', search: 'sky@example.com' } });
  // @ts-expect-error: the query's month is required
  await staffApi.listMonth({ query: {} });
  // @ts-expect-error: a list of ids, not one
  await staffApi.assign({ body: { month: '2026-11', subscriptionIds: 'id', assigneeEmail: null } });
  // @ts-expect-error: the route's parameters are required
  await staffApi.updateUser({ body: { name: 'A', email: 'a@example.com' } });
  // @ts-expect-error: a subscriber's route is not the staff client's
  await staffApi.account();
  // @ts-expect-error: staff routes are not the public client's
  await publicApi.users();
  // @ts-expect-error: the live feed is a stream: its answer is the open response, not JSON
  const events: unknown[] = await staffApi.live();
  // @ts-expect-error: callables go through the Firebase SDK (checkout/call-function.ts), not this client
  await publicApi.createCheckoutSession({ body: {} });
  // @ts-expect-error: the answer is a page of rows, not a list
  const rows: unknown[] = await staffApi.listMonth({ query: { month: '2026-11' } });
  return [rows, events];
}

export const unnamedParameter = apiRoute({
  method: 'GET',
  path: '/api/things/:id',
  access: 'staff',
  // @ts-expect-error: a path parameter the params schema does not name
  params: z.strictObject({ thing: z.string() }),
});
// @ts-expect-error: a path with a parameter needs a params schema
export const missingParams = apiRoute({ method: 'GET', path: '/api/things/:id', access: 'staff' });

export async function queriesTheTableAllows() {
  const summary = await queryClient.fetchQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month: '2026-11' } }));
  const staff = await queryClient.fetchQuery(apiQuery(STAFF_ROUTES.staffMembers));
  return [summary.month, staff.length];
}

export function queriesTheTableRefuses() {
  // @ts-expect-error: the day summary needs its month
  apiQuery(STAFF_ROUTES.daySummary);
  // @ts-expect-error: the month is a month, not a number
  apiQuery(STAFF_ROUTES.daySummary, { query: { month: 11 } });
  // @ts-expect-error: a write is no query
  apiQuery(STAFF_ROUTES.assign, { body: { month: '2026-11', subscriptionIds: [], assigneeEmail: null } });
  // @ts-expect-error: nor is a file
  apiQuery(STAFF_ROUTES.forecastCsv);
}
