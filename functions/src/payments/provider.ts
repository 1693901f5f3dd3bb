/** The built-in test checkout's pages (PAYMENTS=test), which stand in for a payment provider's. */
export const TEST_CHECKOUT_PATH = '/checkout/test';

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
   * Makes the charge of the card saved at checkout, with the customer away (off-session), without
   * confirming it: nothing is taken yet. Its ref is kept before confirmCharge, so a charge whose
   * outcome is never heard is looked up (chargeOutcome) instead of made again. The same
   * idempotency key makes one charge while the provider keeps the key; a charge made again later
   * is never confirmed, so never taken. Returns a decline when there is no card to charge. Throws
   * when the provider cannot be reached or answers oddly.
   */
  startCharge: (charge: SavedCardCharge) => Promise<{ ref: string } | { declined: string }>;
  /** Confirms a charge startCharge made: takes the money, or says why not yet. Throws when the outcome is not known. */
  confirmCharge: (ref: string, idempotencyKey: string) => Promise<ChargeOutcome>;
  /** Looks up what became of a charge, however long ago it was made. Throws when the provider cannot be reached. */
  chargeOutcome: (ref: string) => Promise<ChargeOutcome>;
  /**
   * Where the subscriber confirms a charge their bank asked them to authenticate (the provider's
   * own flow), coming back to returnUrl; or its outcome when there is nothing to authenticate.
   */
  authenticationStep: (ref: string, returnUrl: string) => Promise<{ url: string } | ChargeOutcome>;
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
  /** The test provider only: what its next charges do, and its page where a bank's authentication is completed or failed. */
  test?: {
    nextCharge: (customerId: string, outcome: TestChargeOutcome) => void;
    authenticate: (ref: string, completed: boolean) => void;
  };
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

/**
 * What became of a charge: paid (the money was taken, and how much); declined (the bank or provider said no,
 * and why); needs-authentication (the bank asks the subscriber to confirm it: it waits for them);
 * processing (the bank answers later).
 */
export type ChargeOutcome =
  | { status: 'paid'; amountCents: number }
  | { status: 'declined'; reason: string }
  | { status: 'needs-authentication' }
  | { status: 'processing' }
  /** Made but never confirmed (the confirmation was lost on the way): confirm it, with the same key. */
  | { status: 'unconfirmed' };

/** What the local test provider's next charge of a customer does (Test billing): unknown answers nothing, though the charge goes through. */
export const TEST_CHARGE_OUTCOMES = ['paid', 'declined', 'needs-authentication', 'processing', 'unknown'] as const;
export type TestChargeOutcome = (typeof TEST_CHARGE_OUTCOMES)[number];

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
