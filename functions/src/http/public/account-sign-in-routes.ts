import type { FastifyRequest } from 'fastify';
import { signInLinkRequestSchema } from '@blooms/shared/contract/account-api';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import type { SignInLinks } from '../../auth/sign-in-links';
import type { Db } from '../../db/database';
import { signInLinkEmail, type MailSite } from '../../mail/account-change-email';
import { holdsSubscriptions } from '../../services/account';
import { queueEmail } from '../../services/email-outbox';
import type { PublicScope } from '../access';
import type { RateLimiter } from '../rate-limit';

/**
 * Asking for an account sign-in link. The answer is the same whether or not the address has a
 * subscription, so nobody can find out who subscribes; only a subscriber's address gets a link.
 */
export function registerAccountSignInRoutes(app: PublicScope, deps: { db: Db; signInLinks: SignInLinks; mailSite: (request: FastifyRequest) => MailSite; limiter: RateLimiter }) {
  app.post(
    '/api/account/sign-in-link',
    { bodyLimit: 4 * 1024, schema: { body: signInLinkRequestSchema }, onRequest: async (request) => deps.limiter.hit(request.ip) },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (await holdsSubscriptions(deps.db, email)) {
        const site = deps.mailSite(request);
        const link = await deps.signInLinks.create(email, site.accountUrl);
        await queueEmail(deps.db, 'account-sign-in', signInLinkEmail(email, link, site), { subscriptionId: null });
        request.log.info('account sign-in link sent');
      }
      return reply.status(202).header('Cache-Control', 'no-store').send({ message: ACCOUNT_MESSAGES.signInLinkSent });
    },
  );
}
