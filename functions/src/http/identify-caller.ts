import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { MESSAGES, NO_USER_RECORD } from '@blooms/shared/contract/messages';
import type { TokenVerifier, VerifiedIdentity } from '../auth/token-verifier';
import type { Db } from '../db/database';
import { ForbiddenError, UnauthenticatedError } from '../domain/errors';
import { findUserByEmail } from '../services/users';
import type { RateLimiter } from './rate-limit';

/** Who is calling: their user record, and the sign-in it was found by. */
export interface Caller {
  record: UserRecord;
  identity: VerifiedIdentity;
}

export interface SignInChecks {
  /** The sign-in a request carries: no token or a bad one is 401, a bad one from a client past its limit of them 429. */
  verifySignIn: (request: FastifyRequest) => Promise<VerifiedIdentity>;
  /**
   * Who is calling: a verified Firebase ID token whose verified e-mail has a user record.
   * No token or a bad, expired or disabled one is 401 (429 from a client past its limit of bad
   * tokens); a valid sign-in without a record is 403.
   */
  identifyCaller: (request: FastifyRequest) => Promise<Caller>;
}

/**
 * The checks behind every signed-in request; `failures` counts each client's bad tokens. Only a
 * bad token is refused for them: a token that verifies is never, so one client sending bad
 * tokens stops no one else behind the same address (an office, or every visitor when a proxy in
 * front is not trusted to name them: TRUST_PROXY).
 */
export function signInChecks(db: Db, verifier: TokenVerifier, failures: RateLimiter): SignInChecks {
  async function verifySignIn(request: FastifyRequest): Promise<VerifiedIdentity> {
    const token = bearerTokenOf(request);
    try {
      return await verifier.verify(token);
    } catch (error) {
      // Past the limit the answer is 429, so a client trying tokens is told to stop for the minute.
      if (error instanceof UnauthenticatedError) await failures.hit(request.ip);
      throw error;
    }
  }

  return {
    verifySignIn,
    async identifyCaller(request) {
      const identity = await verifySignIn(request);
      if (!identity.email || !identity.emailVerified) throw noUserRecord();
      const record = await findUserByEmail(db, identity.email);
      if (!record) throw noUserRecord();
      return { record, identity };
    },
  };
}

const noUserRecord = () => new ForbiddenError(MESSAGES.noUserRecord, NO_USER_RECORD);

function bearerTokenOf(request: FastifyRequest): string {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthenticatedError(MESSAGES.signInRequired);
  return match[1]!;
}
