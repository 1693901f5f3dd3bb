import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import type { Db } from '../../db/database';
import { requestSignInLink } from '../../services/sign-in-link-requests';
import type { PublicScope } from '../access';
import type { RateLimiter } from '../rate-limit';
import { serve } from '../serve';

/** The per-address limit counts under a hash: the limits table keeps no e-mail address. */
const addressKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/**
 * Asking for an account sign-in link. The answer is the same, in what it says and in the work
 * done before it, whether or not the address has a subscription: the request is only queued
 * (the e-mail worker makes the link, for a subscriber's address only), so neither the words nor
 * the timing tell anyone who subscribes. Links are limited per client and per address, so one
 * address cannot be flooded with e-mails from many connections or many instances.
 */
export function registerAccountSignInRoutes(
  app: PublicScope,
  deps: { db: Db; accountUrl: (request: FastifyRequest) => string; limiters: { perClient: RateLimiter; perAddress: RateLimiter } },
) {
  serve(
    app,
    API.signInLink,
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      await deps.limiters.perAddress.hit(addressKey(email));
      await requestSignInLink(deps.db, email, deps.accountUrl(request));
      reply.header('Cache-Control', 'no-store');
      return { message: ACCOUNT_MESSAGES.signInLinkSent };
    },
    { bodyLimit: 4 * 1024, onRequest: async (request) => deps.limiters.perClient.hit(request.ip) },
  );
}
