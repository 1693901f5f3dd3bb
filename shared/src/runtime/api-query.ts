import { queryOptions } from '@tanstack/react-query';
import type { AnyApiRoute, ApiResponse } from '../contract/api-route';
import { callOf, NO_SESSION, STAFF_SESSION, type ApiSession, type Parts } from './api-client';

/** A route a query may ask: a JSON read. */
export type ReadRoute = AnyApiRoute & { readonly method: 'GET'; readonly reply: 'json' };

type QueryArgs<R extends AnyApiRoute> = keyof Parts<R> extends never
  ? [input?: Record<string, never>, session?: ApiSession]
  : [input: Parts<R>, session?: ApiSession];

/**
 * The cache key of a route's answer: the route (`GET /api/day-summary`), then what was asked.
 * Every answer of a route shares the first part, so `[apiKey(route)[0]]` names them all.
 */
export function apiKey<R extends AnyApiRoute>(route: R, input: Parts<R> | Record<string, never> = {}) {
  return [`${route.method} ${route.path}`, input] as const;
}

/**
 * A read of the route table as a query: its key and the call that answers it, through the one
 * request path (api-client.ts), so a refusal ends the session and a reply of another release
 * says the page was updated exactly as a direct call does. Staff and admin routes go with the
 * staff sign-in, public ones with none; a subscriber's pass their session.
 *
 *   useQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month } }))
 */
export function apiQuery<R extends ReadRoute>(route: R, ...[input, session]: QueryArgs<R>) {
  const call = callOf(session ?? (route.access === 'public' ? NO_SESSION : STAFF_SESSION), route) as unknown as (
    input: object,
  ) => Promise<ApiResponse<R>>;
  return queryOptions({
    queryKey: apiKey(route, input ?? {}),
    queryFn: ({ signal }) => call({ ...(input as object), signal }),
  });
}
