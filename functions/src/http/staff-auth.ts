import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '@blooms/shared/roles';
import { MESSAGES, NO_USER_RECORD } from '@blooms/shared/messages';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Db } from '../db/database';
import { findUserByEmail } from '../services/users';
import { HttpError, unauthenticated } from './errors';

/**
 * Who is calling: a verified Firebase ID token whose verified e-mail has a user record.
 * No token or a bad, expired or disabled one is 401; a valid sign-in without a record is 403.
 */
export async function authenticateStaff(request: FastifyRequest, verifier: TokenVerifier, db: Db): Promise<UserRecord> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) throw unauthenticated(MESSAGES.signInRequired);
  const identity = await verifier.verify(match[1]!);
  const noRecord = () => new HttpError(403, NO_USER_RECORD, MESSAGES.noUserRecord);
  if (!identity.email || !identity.emailVerified) throw noRecord();
  const record = await findUserByEmail(db, identity.email);
  if (!record) throw noRecord();
  return record;
}
