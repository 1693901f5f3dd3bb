import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { MESSAGES, NO_USER_RECORD } from '@blooms/shared/contract/messages';
import type { TokenVerifier, VerifiedIdentity } from '../auth/token-verifier';
import type { Db } from '../db/database';
import { ForbiddenError, UnauthenticatedError } from '../services/errors';
import { findUserByEmail } from '../services/users';
import type { RateLimiter } from './rate-limit';

/** Who is calling: their user record, and the sign-in it was found by. */
export interface Caller {
  record: UserRecord;
  identity: VerifiedIdentity;
}

/** The sign-in a request carries: no token or a bad one is 401, too many bad ones from a client in a minute 429. */
export async function verifySignIn(request: FastifyRequest, verifier: TokenVerifier, failures: RateLimiter): Promise<VerifiedIdentity> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthenticatedError(MESSAGES.signInRequired);
  // A client that keeps sending bad tokens is stopped before any more are checked.
  await failures.check(request.ip);
  try {
    return await verifier.verify(match[1]!);
  } catch (error) {
    if (error instanceof UnauthenticatedError) await failures.hit(request.ip);
    throw error;
  }
}

/**
 * Who is calling: a verified Firebase ID token whose verified e-mail has a user record.
 * No token or a bad, expired or disabled one is 401; a valid sign-in without a record is 403;
 * a client with too many bad tokens in a minute is 429.
 */
export async function identifyCaller(request: FastifyRequest, verifier: TokenVerifier, db: Db, failures: RateLimiter): Promise<Caller> {
  const identity = await verifySignIn(request, verifier, failures);
  const record = identity.email && identity.emailVerified ? await findUserByEmail(db, identity.email) : null;
  if (!record) throw new ForbiddenError(MESSAGES.noUserRecord, NO_USER_RECORD);
  return { record, identity };
}
