import Stripe from 'stripe';
import { PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import type { PaymentProvider, ProviderLink } from './provider';

export interface StripeSettings {
  secretKey: string;
  /** A recurring $99/month Price; without one, the price is given inline. */
  priceId: string | null;
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

export function stripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = settings.priceId
    ? { price: settings.priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: PRICE_PER_MONTH_USD * 100,
          recurring: { interval: 'month' },
          product_data: { name: 'Monthly Blooms flower subscription' },
        },
      };
  return {
    name: 'stripe',
    async createCheckout({ email, reference, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [lineItem],
        customer_email: email,
        client_reference_id: reference,
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async checkoutOutcome(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return { paid: session.payment_status === 'paid', ...stripeLinkOf(session) };
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    },
  };
}

/** The customer and subscription a Stripe checkout made (ids, whether Stripe sent them expanded or not). */
export function stripeLinkOf(session: Pick<Stripe.Checkout.Session, 'customer' | 'subscription'>): ProviderLink {
  const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
  return { customerId: idOf(session.customer), subscriptionId: idOf(session.subscription) };
}
