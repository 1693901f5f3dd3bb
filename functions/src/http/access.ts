import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { ACCOUNT_MESSAGES, MESSAGES } from '@blooms/shared/contract/messages';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { VerifiedIdentity } from '../auth/token-verifier';
import { ForbiddenError } from '../domain/errors';
import type { Caller } from './identify-caller';
import type { ZodTypeProvider } from './zod';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the access scope's hook before any route of the scope runs. */
    caller: UserRecord | null;
    /** The sign-in the caller was identified by (uid, when they signed in). */
    signIn: VerifiedIdentity | null;
  }
}

export type Access = 'staff' | 'admin';

type TypedInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Routes for everyone. */
export type PublicScope = TypedInstance & { readonly access?: 'public' };
/** Routes whose every request is from a signed-in person with a user record. Only `accessScope` makes one. */
export type StaffScope = TypedInstance & { readonly access: 'staff' };
/** Routes whose every request is from an admin. */
export type AdminScope = TypedInstance & { readonly access: 'admin' };
/** Routes whose every request is from a person signed in with a verified e-mail: a subscriber's own account. */
export type SubscriberScope = TypedInstance & { readonly access: 'subscriber' };

/** Everything behind sign-in is about people: no cache anywhere may keep it. */
function keepOutOfCaches(scope: FastifyInstance) {
  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}

/**
 * A Fastify plugin whose routes only `access` may call. Its onRequest hook identifies the
 * caller before anything else runs (before the body is even read), so a route registered
 * in it cannot forget the check, and a route file's scope type says its access level.
 */
export function accessScope<A extends Access>(
  access: A,
  identify: (request: FastifyRequest) => Promise<Caller>,
  routes: (scope: A extends 'admin' ? AdminScope : StaffScope) => void,
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      const { record, identity } = await identify(request);
      if (access === 'admin' && record.role !== 'admin') throw new ForbiddenError(MESSAGES.adminOnly);
      request.caller = record;
      request.signIn = identity;
    });
    keepOutOfCaches(scope);
    routes(scope.withTypeProvider<ZodTypeProvider>() as A extends 'admin' ? AdminScope : StaffScope);
  };
}

/**
 * A plugin for a subscriber's own routes: its hook verifies the sign-in and requires a verified
 * e-mail before anything else runs; routes read it with subscriberEmailOf and only ever touch
 * what that address holds.
 */
export function subscriberScope(
  identify: (request: FastifyRequest) => Promise<VerifiedIdentity>,
  routes: (scope: SubscriberScope) => void,
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      const identity = await identify(request);
      if (!identity.email || !identity.emailVerified) throw new ForbiddenError(ACCOUNT_MESSAGES.needsVerifiedEmail);
      request.signIn = identity;
    });
    keepOutOfCaches(scope);
    routes(scope.withTypeProvider<ZodTypeProvider>() as SubscriberScope);
  };
}

/** The verified e-mail of the caller of a subscriber route. */
export function subscriberEmailOf(request: FastifyRequest): string {
  const email = request.signIn?.email;
  if (!email) throw new Error(`${request.method} ${request.routeOptions.url} is not in a subscriber scope`);
  return email;
}

/** The caller of a route in an access scope. */
export function callerOf(request: FastifyRequest): UserRecord {
  if (!request.caller) throw new Error(`${request.method} ${request.routeOptions.url} is not in an access scope`);
  return request.caller;
}

/** The sign-in of the caller of a route in an access scope. */
export function signInOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.signIn) throw new Error(`${request.method} ${request.routeOptions.url} is not in an access scope`);
  return request.signIn;
}
