import Stripe from 'stripe';
import { LATER_CHARGES, MONEY_RULE } from '@blooms/shared/contract/site';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { UnavailableError } from '../domain/errors';
import type { ChargeOutcome, PaymentProvider, ProviderLink } from './provider';

/** Stripe not answering (no connection, its servers failing, too many requests) is the caller's 503: nothing happened, try again shortly. */
async function reachingStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const unreachable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500);
    if (unreachable) throw new UnavailableError(SUBSCRIBE_MESSAGES.paymentsUnreachable);
    throw error;
  }
}

export interface StripeSettings {
  secretKey: string;
  /** Talk to another Stripe-compatible server (tests use a local fake): http://127.0.0.1:12111 */
  apiBase: string | null;
}

export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

/**
 * Stripe without Stripe Billing: Checkout takes the first delivery's $99 (a prepaid gift: all its
 * deliveries; a refund gives back those not made when it is cancelled) and saves the card
 * (setup_future_usage), then each later month with a delivery is its own off-session
 * PaymentIntent on its charge date (services/billing.ts). Stripe's monthly subscription cycle
 * could not follow the rule "charged for each month with a delivery" when months are skipped,
 * paused or not in the plan; this way a month without a delivery simply has no charge.
 */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  /** The card to charge: the one chosen in the customer portal, else the newest saved. */
  async function cardOf(customerId: string): Promise<string | null> {
    const customer = await stripe.customers.retrieve(customerId);
    if (customer.deleted) return null;
    const chosen = customer.invoice_settings.default_payment_method;
    if (chosen) return typeof chosen === 'string' ? chosen : chosen.id;
    const saved = await stripe.customers.listPaymentMethods(customerId, { limit: 1 });
    return saved.data[0]?.id ?? null;
  }

  return {
    name: 'stripe',
    async createCheckout({ email, reference, amountCents, description, successUrl, cancelUrl }) {
      const session = await reachingStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: amountCents,
                product_data: { name: description },
              },
            },
          ],
          customer_email: email,
          customer_creation: 'always',
          payment_intent_data: { setup_future_usage: 'off_session', metadata: { reference } },
          // Said beside the Pay button, so nobody expects a monthly cycle.
          custom_text: { submit: { message: `${MONEY_RULE} ${LATER_CHARGES}` } },
          client_reference_id: reference,
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async checkoutOutcome(sessionId) {
      try {
        const session = await reachingStripe(() => stripe.checkout.sessions.retrieve(sessionId));
        return { paid: session.payment_status === 'paid', ...stripeLinkOf(session) };
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
    async startCharge({ customerId, amountCents, idempotencyKey, description, metadata }) {
      const card = customerId ? await cardOf(customerId) : null;
      if (!customerId || !card) return { declined: 'No card is saved for this customer.' };
      // Made, not confirmed: nothing is taken until confirmCharge, after its id is kept.
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: 'usd', customer: customerId, payment_method: card, description, metadata },
        { idempotencyKey },
      );
      return { ref: intent.id };
    },
    async confirmCharge(ref, idempotencyKey) {
      try {
        return outcomeOf(await stripe.paymentIntents.confirm(ref, { off_session: true }, { idempotencyKey }));
      } catch (error) {
        // A card error is the bank's answer (declined, needs the customer to authenticate); anything else is not an answer.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          return intent ? outcomeOf(intent) : { status: 'declined', reason: error.message };
        }
        throw error;
      }
    },
    async chargeOutcome(ref) {
      return outcomeOf(await stripe.paymentIntents.retrieve(ref));
    },
    async authenticationStep(ref, returnUrl) {
      let intent = await reachingStripe(() => stripe.paymentIntents.retrieve(ref));
      const known = outcomeOf(intent);
      if (known.status !== 'needs-authentication') return known;
      if (intent.status !== 'requires_action') {
        // Confirmed again with the subscriber present: Stripe answers with its own page for the bank's check.
        const card = intent.last_payment_error?.payment_method?.id ?? idOf(intent.payment_method);
        try {
          intent = await reachingStripe(() =>
            stripe.paymentIntents.confirm(ref, { ...(card ? { payment_method: card } : {}), return_url: returnUrl }),
          );
        } catch (error) {
          // The bank's answer without asking the customer (declined outright): the outcome, not a failure.
          if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
          return error.payment_intent ? outcomeOf(error.payment_intent) : { status: 'declined', reason: error.message };
        }
      }
      const url = intent.next_action?.redirect_to_url?.url;
      return url ? { url } : outcomeOf(intent);
    },
    async refund(refund) {
      const { amountCents, idempotencyKey, metadata } = refund;
      let intent: string | undefined;
      if ('paymentId' in refund) intent = refund.paymentId;
      else {
        const session = await reachingStripe(() => stripe.checkout.sessions.retrieve(refund.checkoutSessionId));
        intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!intent) throw new Error(`Stripe checkout ${refund.checkoutSessionId} has no payment to refund`);
      }
      const made = await reachingStripe(() =>
        stripe.refunds.create({ payment_intent: intent, amount: amountCents, metadata }, { idempotencyKey }),
      );
      return { ref: made.id };
    },
    async paymentCard(payment) {
      let intentId: string | undefined;
      if ('paymentId' in payment) intentId = payment.paymentId;
      else {
        const session = await reachingStripe(() => stripe.checkout.sessions.retrieve(payment.checkoutSessionId));
        intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      }
      if (!intentId) return null;
      const intent = await reachingStripe(() => stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
      const charge = intent.latest_charge;
      const card = charge && typeof charge !== 'string' ? charge.payment_method_details?.card : null;
      return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null;
    },
    async cardPortalUrl(customerId, returnUrl) {
      const session = await reachingStripe(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * What a PaymentIntent's status says of the charge. An off-session charge the bank wants the
 * customer to authenticate comes back waiting for a payment method, its error saying so; one
 * never confirmed (the confirmation lost before it arrived) is confirmed again by the caller.
 */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'paid', amountCents: intent.amount };
    case 'processing':
      return { status: 'processing' };
    case 'requires_action':
      return { status: 'needs-authentication' };
    case 'requires_confirmation':
      return { status: 'unconfirmed' };
    case 'requires_payment_method':
      if (intent.last_payment_error?.code === 'authentication_required') return { status: 'needs-authentication' };
      if (!intent.last_payment_error) return { status: 'unconfirmed' };
      return { status: 'declined', reason: intent.last_payment_error.message ?? 'The card was declined.' };
    default:
      return { status: 'declined', reason: `The payment is ${intent.status.replaceAll('_', ' ')}.` };
  }
}

/** The customer a Stripe checkout made (an id, whether Stripe sent it expanded or not); Stripe keeps no subscription for us. */
export function stripeLinkOf(session: { customer?: string | { id: string } | null }): ProviderLink {
  const customer = session.customer;
  return { customerId: typeof customer === 'string' ? customer : (customer?.id ?? null), subscriptionId: null };
}
