import { CHARGE_CONFIRMATION_PATH } from '@blooms/shared/contract/charge-confirmation';
import { nextUnpaidMonth } from '../../read-models/ledger';
import {
  checkoutSubscriptionStatus,
  subscriptionOfCheckout,
  testCheckoutOf,
  waitingAuthenticationToken,
} from '../../read-models/test-checkout';
import { localLinkOf } from '../../payments/local-provider';
import { tryCharge } from '../../services/billing';
import { InvalidInputError, NotFoundError } from '../../domain/errors';
import type { Db } from '../../db/database';
import type { MailSite } from '../../mail/account-change-email';
import type { PaymentProvider } from '../../payments/provider';
import type { Fulfil } from '../../services/fulfilment';
import type { PublicScope } from '../access';
import { TEST_CHECKOUT_PATH } from '../paths';
import { TEST_BILLING, testCheckoutPage } from './test-checkout-page';

/** What the test checkout needs; the checkout routes' parts (checkout-routes.ts) hold them all. */
export interface TestCheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  fulfil: Fulfil;
  /** The server's time, which decides the first delivery. */
  clock: () => Date;
  /** The site the payer's notices link to (the test checkout's Test billing charges as the billing worker does). */
  site: MailSite;
  /** E-mails the receipts of charges recorded and not yet sent one. */
  sendReceipts: () => Promise<void>;
}

/**
 * The built-in test checkout: looks and behaves like a hosted checkout, clearly in test mode.
 * Once paid, its page also offers what charging the next delivery can bring (paid, declined,
 * authentication asked, processing, the answer lost) at once, so every path of a subscription's life can be tried without keys or waiting.
 */
export function registerTestCheckout(app: PublicScope, { db, fulfil, provider, site, clock, sendReceipts }: TestCheckoutDeps) {
  app.get<{ Params: { id: string } }>(`${TEST_CHECKOUT_PATH}/:id`, async (request, reply) => {
    const session = await testCheckoutOf(db, request.params.id);
    const paid = session.status === 'paid';
    const status = paid ? await checkoutSubscriptionStatus(db, session.id) : '';
    const token = paid ? await waitingAuthenticationToken(db, session.id) : null;
    const link = token ? `${CHARGE_CONFIRMATION_PATH}/${token}` : null;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(testCheckoutPage(session, status, link));
  });

  void app.register(async (scope) => {
    // The Pay button is a plain HTML form; its (empty) body carries nothing we need.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
    scope.post<{ Params: { id: string } }>(`${TEST_CHECKOUT_PATH}/:id/pay`, async (request, reply) => {
      const session = await testCheckoutOf(db, request.params.id);
      await fulfil(session.id, localLinkOf(session.id));
      return reply.redirect(`/confirmation?session_id=${encodeURIComponent(session.id)}`, 303);
    });
    scope.post<{ Params: { id: string; action: string } }>(`${TEST_CHECKOUT_PATH}/:id/billing/:action`, async (request, reply) => {
      const session = await testCheckoutOf(db, request.params.id);
      const billing = TEST_BILLING[request.params.action];
      if (!billing) throw new NotFoundError('There is no such test billing action.');
      const row = await subscriptionOfCheckout(db, session.id);
      if (session.status !== 'paid' || !row) throw new InvalidInputError('Pay this test checkout first.');
      const now = clock();
      const month = await nextUnpaidMonth(db, row, now);
      if (!month) throw new InvalidInputError('This subscription has no delivery left to charge.');
      if (row.providerCustomerId) provider.test?.nextCharge(row.providerCustomerId, billing.outcome);
      let result: string;
      try {
        result = await tryCharge(db, provider, site, row, month, now, { atOnce: true });
        if (result === 'paid') await sendReceipts();
      } catch (error) {
        result = 'unknown';
        request.log.warn({ err: error, sessionId: session.id }, 'test billing: the charge outcome is not known');
      }
      request.log.info({ sessionId: session.id, action: request.params.action, result }, 'test billing event');
      return reply.redirect(`${TEST_CHECKOUT_PATH}/${encodeURIComponent(session.id)}`, 303);
    });
  });
}
