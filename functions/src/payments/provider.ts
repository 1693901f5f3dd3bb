/** Where customers pay. Stripe when configured; otherwise a built-in test checkout. */
export interface PaymentProvider {
  name: 'stripe' | 'local';
  /**
   * Starts a hosted checkout that takes amountCents (the first delivery's price, or every
   * delivery of a gift paid up front: contract/gifts.ts) and saves the card for the months
   * after; returns its id and where to send the browser.
   */
  createCheckout: (input: {
    email: string;
    reference: string;
    amountCents: number;
    /** What the buyer's page and receipt say it is for. */
    description: string;
    successUrl: string;
    cancelUrl: string;
  }) => Promise<{ id: string; url: string }>;
  /** Whether the checkout was paid, and the customer it made; null when the provider does not know the session. */
  checkoutOutcome: (sessionId: string) => Promise<CheckoutOutcome | null>;
  /**
   * Charges the card saved at checkout, with the customer away (off-session). The same
   * idempotency key charges at most once, however often it is asked. Throws when the provider
   * cannot be reached or answers oddly: nothing is known then, and the same key is tried again.
   */
  chargeSavedCard: (charge: SavedCardCharge) => Promise<ChargeOutcome>;
  /**
   * Gives back part of what a payment took (a checkout's, or a later month's charge), to the
   * card that paid. The same idempotency key refunds at most once. Throws when the provider
   * cannot be reached or refuses: nothing is known to be refunded then, and the same key is
   * tried again.
   */
  refund: (refund: PaymentRefund) => Promise<{ ref: string }>;
  /**
   * The card a payment was made with, for its receipt: a checkout's payment (by its session) or
   * a later charge (by the provider's payment id); null when the provider cannot say.
   */
  paymentCard: (payment: { checkoutSessionId: string } | { paymentId: string }) => Promise<PaymentCard | null>;
  /** Where the customer changes their card (Stripe's customer portal), coming back to returnUrl; null when the provider has no such page. */
  cardPortalUrl: (customerId: string, returnUrl: string) => Promise<string | null>;
}

export interface SavedCardCharge {
  /** The provider's customer the card was saved for; null when the subscription has none. */
  customerId: string | null;
  amountCents: number;
  idempotencyKey: string;
  /** What the customer's statement and receipt say it is for. */
  description: string;
  metadata: Record<string, string>;
}

/** A refund of a checkout's payment (by its session) or of a later charge (by the provider's payment id). */
export type PaymentRefund = ({ checkoutSessionId: string } | { paymentId: string }) & {
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** A card as a receipt names it: its brand as the provider spells it ("visa") and its last four digits. */
export interface PaymentCard {
  brand: string;
  last4: string;
}

/** paid: the money was taken (ref: the provider's payment id); declined: the bank or provider said no, and why. */
export type ChargeOutcome = { paid: true; ref: string } | { paid: false; reason: string };

export interface ProviderLink {
  customerId: string | null;
  /** The provider's own subscription, where it keeps one (the test checkout does; Stripe payments do not). */
  subscriptionId: string | null;
}

export interface CheckoutOutcome extends ProviderLink {
  paid: boolean;
}

/** Stripe replaces this placeholder with the session id in the success URL. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
