import type Stripe from 'stripe';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '@blooms/shared/contract/api-routes';
import { payerOf } from '@blooms/shared/contract/subscriber';
import { checkoutAmountCents, checkoutDescription } from '@blooms/shared/contract/gifts';
import { CHECKOUT_CANCEL_PATH } from '@blooms/shared/contract/subscribe';
import { checkoutSessions } from '../../db/schema';
import { reconcileStripeEvent } from '../../services/reconciliation';
import type { ReconciledEvent } from '../../payments/stripe-events';
import { registerStripeWebhook } from './stripe-webhook';
import { registerTestCheckout, type TestCheckoutDeps } from './test-checkout-routes';
import { SESSION_ID_PLACEHOLDER } from '../../payments/provider';
import { orderSummaryOf } from '../../services/fulfilment';
import { applyProviderRefund } from '../../services/money-back';
import { NotFoundError } from '../../domain/errors';
import type { PublicScope } from '../access';
import { registerCallable } from '../callable';
import type { RateLimiter } from '../rate-limit';

export interface CheckoutDeps extends TestCheckoutDeps {
  /** The site's origin for checkout return URLs (site-origin.ts). */
  origin: (request: FastifyRequest) => string;
  stripe: { client: Stripe; webhookSecret: string } | null;
  /** Per client: checkouts started and verified. */
  limiters: { checkouts: RateLimiter; verifications: RateLimiter };
}

/** Subscribe and pay: the two callables, the Stripe webhook, the test checkout. */
export function registerCheckoutRoutes(app: PublicScope, deps: CheckoutDeps) {
  const { db, provider, fulfil } = deps;

  registerCallable(
    app,
    API.createCheckoutSession,
    async ({ subscriber, subId, texts }, request) => {
      const origin = deps.origin(request);
      const checkout = await provider.createCheckout({
        // The payer: a gift's buyer gets the provider's receipts, not the recipient.
        email: payerOf(subscriber).email,
        reference: subId,
        amountCents: checkoutAmountCents(subscriber),
        description: checkoutDescription(subscriber),
        successUrl: `${origin}/confirmation?session_id=${SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${origin}${CHECKOUT_CANCEL_PATH}`,
      });
      // A text consent is kept with its time until the checkout is paid (services/fulfilment.ts records it).
      const textConsent = texts ? { ...texts, at: deps.clock().toISOString() } : null;
      await db.insert(checkoutSessions).values({ id: checkout.id, provider: provider.name, subscriber, textConsent });
      request.log.info({ sessionId: checkout.id, provider: provider.name, plan: subscriber.plan }, 'checkout started');
      return { url: checkout.url, sessionId: checkout.id };
    },
    { bodyLimit: 16 * 1024, limiter: deps.limiters.checkouts },
  );

  registerCallable(
    app,
    API.verifyCheckoutSession,
    async ({ sessionId }) => {
      // Every real checkout was started here: an unknown id is answered without asking the
      // provider, and so is one already known to be paid.
      const [known] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      if (!known) throw new NotFoundError('We could not find that checkout.');
      // Paid: what was bought, for the confirmation page (the session id is the buyer's own secret).
      if (known.status === 'paid') return { payment_status: 'paid' as const, order: await orderSummaryOf(db, known, deps.clock()) };
      const outcome = await provider.checkoutOutcome(sessionId);
      if (outcome === null) throw new NotFoundError('We could not find that checkout.');
      if (!outcome.paid) return { payment_status: 'unpaid' as const };
      // The webhook may not have arrived yet: fulfilment is idempotent, so make sure here too.
      await fulfil(sessionId, outcome);
      return { payment_status: 'paid' as const, order: await orderSummaryOf(db, known, deps.clock()) };
    },
    { limiter: deps.limiters.verifications },
  );

  if (deps.stripe) {
    const client = deps.stripe.client;
    const reconcile = async (event: ReconciledEvent) => {
      const result = await reconcileStripeEvent(db, deps.site, event, async (paymentRef) => {
        // A dispute of a checkout's payment: the checkout that took it.
        const sessions = await client.checkout.sessions.list({ payment_intent: paymentRef, limit: 1 });
        return sessions.data[0]?.id ?? null;
      });
      await deps.sendReceipts();
      return result;
    };
    registerStripeWebhook(app, deps.stripe, fulfil, reconcile, (event) => applyProviderRefund(db, event), deps.clock);
  }
  if (provider.name === 'local') registerTestCheckout(app, deps);
}
