/** Where customers pay. Stripe when configured; otherwise a built-in test checkout. */
export interface PaymentProvider {
  name: 'stripe' | 'local';
  /** Starts a hosted checkout for one $99/month subscription; returns its id and where to send the browser. */
  createCheckout: (input: { email: string; reference: string; successUrl: string; cancelUrl: string }) => Promise<{ id: string; url: string }>;
  /** Whether the checkout was paid, and the customer and subscription it made; null when the provider does not know the session. */
  checkoutOutcome: (sessionId: string) => Promise<CheckoutOutcome | null>;
}

export interface ProviderLink {
  customerId: string | null;
  subscriptionId: string | null;
}

export interface CheckoutOutcome extends ProviderLink {
  paid: boolean;
}

/** Stripe replaces this placeholder with the session id in the success URL. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
