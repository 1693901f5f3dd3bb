import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { checkoutSessions } from '../db/schema';
import type { PaymentProvider, ProviderLink } from './provider';
import { TEST_CHECKOUT_PATH } from '../http/paths';

/**
 * The local default: a test checkout page served by this backend (/checkout/test/{id}) that
 * behaves like a hosted checkout. Nothing is charged; paying marks the session paid, and a
 * later month's charge always goes through (its payment id is made from the idempotency key,
 * so asking twice is one payment), and so does a refund. The page's Test billing controls try the other outcomes.
 */
export function localProvider(db: Db): PaymentProvider {
  return {
    name: 'local',
    async createCheckout({ successUrl }) {
      const id = `cs_test_local_${randomBytes(12).toString('hex')}`;
      const origin = new URL(successUrl).origin;
      return { id, url: `${origin}${TEST_CHECKOUT_PATH}/${id}` };
    },
    async checkoutOutcome(sessionId) {
      const [row] = await db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      return row ? { paid: row.status === 'paid', ...localLinkOf(sessionId) } : null;
    },
    async chargeSavedCard({ idempotencyKey }) {
      return { paid: true, ref: `pi_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
    async refund({ idempotencyKey }) {
      return { ref: `re_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
    async paymentCard() {
      // The test checkout's card, as Stripe's test card.
      return { brand: 'visa', last4: '4242' };
    },
    async cardPortalUrl() {
      return null;
    },
  };
}

/** The test checkout's customer and subscription ids, made from its session id as Stripe would give its own. */
export function localLinkOf(sessionId: string): ProviderLink {
  const suffix = sessionId.replace(/^cs_test_local_/, '');
  return { customerId: `cus_local_${suffix}`, subscriptionId: `sub_local_${suffix}` };
}
