import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { MESSAGES } from '@blooms/shared/contract/messages';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { ForbiddenError } from '../services/errors';
import type { ZodTypeProvider } from './zod';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the access scope's hook before any route of the scope runs. */
    caller: UserRecord | null;
  }
}

export type Access = 'staff' | 'admin';

type TypedInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Routes for everyone. */
export type PublicScope = TypedInstance & { readonly access?: 'public' };
/** Routes whose every request is from a signed-in person with a user record. Only `accessScope` makes one. */
export type StaffScope = TypedInstance & { readonly access: 'staff' | 'admin' };
/** Routes whose every request is from an admin. */
export type AdminScope = TypedInstance & { readonly access: 'admin' };

/**
 * A Fastify plugin whose routes only `access` may call. Its onRequest hook identifies the
 * caller before anything else runs (before the body is even read), so a route registered
 * in it cannot forget the check, and a route file's scope type says its access level.
 */
export function accessScope<A extends Access>(
  access: A,
  identify: (request: FastifyRequest) => Promise<UserRecord>,
  routes: (scope: A extends 'admin' ? AdminScope : StaffScope) => void,
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      const caller = await identify(request);
      if (access === 'admin' && caller.role !== 'admin') throw new ForbiddenError(MESSAGES.adminOnly);
      request.caller = caller;
    });
    // Everything behind sign-in is about people: no cache anywhere may keep it.
    scope.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    });
    routes(scope.withTypeProvider<ZodTypeProvider>() as A extends 'admin' ? AdminScope : StaffScope);
  };
}

/** The caller of a route in an access scope. */
export function callerOf(request: FastifyRequest): UserRecord {
  if (!request.caller) throw new Error(`${request.method} ${request.routeOptions.url} is not in an access scope`);
  return request.caller;
}
