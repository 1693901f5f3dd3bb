import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { AnyApiRoute, ApiAccess } from '@blooms/shared/contract/api-route';
import type { AdminScope, PublicScope, StaffScope, SubscriberScope } from './access';

/** The scope a route of each access level is registered in (access.ts): a route in the wrong one fails type-checking. */
type ScopeFor<A extends ApiAccess> = { public: PublicScope; subscriber: SubscriberScope; staff: StaffScope; admin: AdminScope }[A];

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** A route's request as its handler sees it: each part as its schema parses it. */
export type RouteRequest<R extends AnyApiRoute> = FastifyRequest<{
  Params: Parsed<R['params']>;
  Querystring: Parsed<R['query']>;
  Body: R['request'] extends 'json' ? Parsed<R['body']> : unknown;
}>;

/** What a JSON route's handler returns: what its response schema takes (a handler may also send the reply itself). */
type HandlerResult<R extends AnyApiRoute> = R['reply'] extends 'json'
  ? R['response'] extends z.ZodType
    ? z.input<R['response']>
    : unknown
  : unknown;

export type RouteHandler<R extends AnyApiRoute> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<HandlerResult<R> | FastifyReply> | HandlerResult<R> | FastifyReply;

/** What a route without a query (or a JSON body) reads: no keys at all. */
const NO_KEYS = z.strictObject({});

/**
 * Registers a route of the table (contract/api-routes.ts) in the scope of its access level: its
 * method and path, its schemas (params, query, JSON body, response), and its success status.
 * A query or JSON body the table does not describe takes no keys: any sent are dropped and logged (zod.ts).
 */
export function serve<R extends AnyApiRoute>(
  scope: ScopeFor<R['access']>,
  route: R,
  handler: RouteHandler<R>,
  options: Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'onSend' | 'errorHandler'> = {},
): void {
  const takesJsonBody = route.request === 'json' && route.method !== 'GET';
  scope.route({
    ...options,
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params && { params: route.params }),
      querystring: route.query ?? NO_KEYS,
      ...(takesJsonBody && { body: route.body ?? NO_KEYS }),
      ...(route.reply === 'json' && route.response && { response: { [route.status]: route.response } }),
    },
    handler: ((request: RouteRequest<R>, reply: FastifyReply) => {
      reply.status(route.status);
      return handler(request, reply);
    }) as RouteHandlerMethod,
  });
}
