import type Stripe from 'stripe';
import { API } from '@blooms/shared/contract/api-routes';
import { idOf, readStripeEvent, type ReconciledEvent } from '../../payments/stripe-events';
import { stripeLinkOf } from '../../payments/stripe-provider';
import type { Fulfil } from '../../services/fulfilment';
import type { ProviderRefundEvent } from '../../services/money-back';
import type { ProviderEventResult } from '../../services/provider-events';
import { InvalidInputError } from '../../domain/errors';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-body';
import type { PublicScope } from '../access';
import { serve } from '../serve';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Stripe's events, signature-checked against the raw body: paid checkouts become
 * subscriptions; a later month's charge succeeding or failing, and disputes opened and closed,
 * are reconciled (services/reconciliation.ts), each once and in any order.
 */
export function registerStripeWebhook(
  app: PublicScope,
  stripe: { client: Stripe; webhookSecret: string },
  fulfil: Fulfil,
  reconcile: (event: ReconciledEvent) => Promise<string>,
  applyRefund: (event: ProviderRefundEvent) => Promise<ProviderEventResult>,
  clock: () => Date,
) {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    serve(
      scope,
      API.stripeWebhook,
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        try {
          if (
            typeof signature !== 'string' ||
            !Buffer.isBuffer(body) ||
            !stripe.client.webhooks.signature?.verifyHeader(body, signature, stripe.webhookSecret)
          )
            throw new Error('unsigned');
        } catch {
          throw new InvalidInputError('The webhook signature is missing or does not match.');
        }
        const text = body.toString('utf8');
        const event = nestedDeeperThan(text, MAX_JSON_DEPTH) ? null : readStripeEvent(parseJson(text), clock());
        if (!event) {
          request.log.warn('stripe event refused: signed, but not of a shape this webhook handles');
          throw new InvalidInputError('The event is not of a shape this webhook handles.');
        }
        if (event.session?.payment_status === 'paid') {
          const result = await fulfil(event.session.id, stripeLinkOf(event.session));
          request.log.info({ eventId: event.id, sessionId: event.session.id, result }, 'stripe checkout fulfilled');
        } else if (event.reconciled) {
          const result = await reconcile(event.reconciled);
          request.log.info({ eventId: event.id, type: event.type, result }, 'stripe event reconciled');
        } else if (event.refunded) {
          // A refund made in Stripe's dashboard (or ours, reported back): the ledger records what it lacks, once.
          const result = await applyRefund({
            id: event.id,
            type: event.type,
            createdAt: event.createdAt,
            paymentId: idOf(event.refunded.payment_intent)!,
            customerId: idOf(event.refunded.customer),
            amountRefundedCents: event.refunded.amount_refunded,
          });
          request.log.info({ eventId: event.id, result }, 'stripe refund applied');
        } else if (!event.session) {
          request.log.debug({ eventId: event.id, type: event.type }, 'stripe event ignored');
        }
        return reply.send({ received: true });
      },
      { bodyLimit: 1024 * 1024 },
    );
  });
}
