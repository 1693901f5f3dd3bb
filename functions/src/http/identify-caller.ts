import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { MESSAGES, NO_USER_RECORD } from '@blooms/shared/contract/messages';
import type { TokenVerifier, VerifiedIdentity } from '../auth/token-verifier';
import type { Db } from '../db/database';
import { rateLimitCounts, users, type UserRow } from '../db/schema';
import { ForbiddenError, UnauthenticatedError } from '../services/errors';
import { emailMatches, findUserByEmail, toUserRecord } from '../services/users';
import type { RateLimiter } from './rate-limit';

/** Who is calling: their user record, and the sign-in it was found by. */
export interface Caller {
  record: UserRecord;
  identity: VerifiedIdentity;
}

export interface SignInChecks {
  /** The sign-in a request carries: no token or a bad one is 401, too many bad ones from a client in a minute 429. */
  verifySignIn: (request: FastifyRequest) => Promise<VerifiedIdentity>;
  /**
   * Who is calling: a verified Firebase ID token whose verified e-mail has a user record.
   * No token or a bad, expired or disabled one is 401; a valid sign-in without a record is 403;
   * a client with too many bad tokens in a minute is 429.
   */
  identifyCaller: (request: FastifyRequest) => Promise<Caller>;
}

/** The checks behind every signed-in request; `failures` counts each client's bad tokens. */
export function signInChecks(db: Db, verifier: TokenVerifier, failures: RateLimiter): SignInChecks {
  const limitAndUser = prepareLimitAndUser(db, failures);

  async function verify(request: FastifyRequest, token: string): Promise<VerifiedIdentity> {
    try {
      return await verifier.verify(token);
    } catch (error) {
      if (error instanceof UnauthenticatedError) await failures.hit(request.ip);
      throw error;
    }
  }

  return {
    async verifySignIn(request) {
      const token = bearerTokenOf(request);
      // A client that keeps sending bad tokens is stopped before any more are checked.
      await failures.check(request.ip);
      return verify(request, token);
    },

    async identifyCaller(request) {
      const token = bearerTokenOf(request);
      const claimed = claimedEmail(token);
      // The bad-token check and the record of the claimed e-mail, in one round trip.
      const [row] = await limitAndUser.execute({ ...failures.checkValues(request.ip), email: claimed });
      failures.refuseOverLimit(row!.failures);
      const identity = await verify(request, token);
      if (!identity.email || !identity.emailVerified) throw noUserRecord();
      const email = identity.email.toLowerCase();
      // The record read by the claim counts only when the verified e-mail is the claimed one.
      const record = email === claimed ? userRecordOf(row!.user) : await findUserByEmail(db, email);
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

/**
 * The e-mail a token says it is for (lower-cased), read without verifying the token; null when
 * it is not a JWT naming one. Trusting it for nothing is what makes this safe: it only chooses
 * which record is read beside the bad-token check, and that record is used only when the
 * verified token's verified e-mail is the same.
 */
function claimedEmail(token: string): string | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const email = (claims as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * One row whatever exists: the client's bad-token count of this window (null when none) and
 * the user record whose e-mail is the `email` placeholder (null when none, or no e-mail).
 */
function prepareLimitAndUser(db: Db, failures: RateLimiter) {
  const limit = failures.checkedRow();
  return (
    db
      .select({ failures: limit.fields, user: users })
      // A row of nothing for both reads to join on, so that neither's absence hides the other.
      .from(sql`(select) as one_row`)
      .leftJoin(rateLimitCounts, limit.where)
      .leftJoin(users, emailMatches)
      .prepare('sign_in_limit_and_user')
  );
}

const userRecordOf = (row: UserRow | null) => (row ? toUserRecord(row) : null);
