import { API } from '@blooms/shared/contract/api-routes';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { MailSite } from '../../mail/account-change-email';
import { paymentsToChase } from '../../read-models/payments-to-chase';
import { sendCardLinkAgain } from '../../services/card-link-again';
import { callerOf, type AdminScope } from '../access';
import { serve } from '../serve';

/** The payments to chase (read-models/payments-to-chase.ts) and sending the card-update link again, which answers with the list. */
export function registerPaymentsToChaseRoutes(
  admin: AdminScope,
  deps: { db: Db; mailSite: (request: FastifyRequest) => MailSite; clock: () => Date },
) {
  const { db, clock } = deps;
  serve(admin, API.paymentsToChase, () => paymentsToChase(db, clock()));
  serve(admin, API.sendCardLinkAgain, async (request) => {
    await sendCardLinkAgain(db, deps.mailSite(request), callerOf(request).email, request.params.id, clock());
    return paymentsToChase(db, clock());
  });
}
