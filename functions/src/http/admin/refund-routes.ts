import { API } from '@blooms/shared/contract/api-routes';
import { pathOf } from '@blooms/shared/contract/api-route';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { MailSite } from '../../mail/account-change-email';
import type { PaymentProvider } from '../../payments/provider';
import { refundMonth } from '../../services/staff-refunds';
import { subscriptionHistory } from '../../services/subscription-history';
import { callerOf, type AdminScope } from '../access';
import { serve } from '../serve';

/** An admin refunds a charged month from a subscription's history (services/staff-refunds.ts); the answer is the history with the refund in it. */
export function registerRefundRoutes(
  admin: AdminScope,
  deps: { db: Db; provider: Pick<PaymentProvider, 'refund'>; mailSite: (request: FastifyRequest) => MailSite; clock: () => Date },
) {
  const { db } = deps;
  serve(admin, API.refundMonth, async (request) => {
    const { id } = request.params;
    await refundMonth(db, deps.provider, deps.mailSite(request), callerOf(request).email, id, request.body, deps.clock());
    return subscriptionHistory(db, id, (eventId) => pathOf(API.historyPhoto, { id, eventId }));
  });
}
