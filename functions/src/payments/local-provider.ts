import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import type { Db } from '../db/database';
import { checkoutSessions } from '../db/schema';
import { TEST_CHECKOUT_PATH, type ChargeOutcome, type PaymentProvider, type ProviderLink, type TestChargeOutcome } from './provider';

/** The test provider's charges: as Stripe's PaymentIntents, made, then confirmed into an outcome. */
type LocalCharge = {
  customerId: string | null;
  amountCents: number;
  status: 'unconfirmed' | 'paid' | 'needs-authentication' | 'processing' | 'declined';
};

const TEST_DECLINE = 'Your card was declined (test billing).';

/**
 * The local default: a test checkout page served by this backend (/checkout/test/{id}) that
 * behaves like a hosted checkout. Nothing is charged; paying marks the session paid, and a
 * later month's charge goes through (its payment id is made from the idempotency key, so asking
 * twice is one payment), and so does a refund. The page's Test billing controls make a
 * customer's next charge end otherwise: declined, waiting for the bank's authentication (which
 * its own page, /checkout/test/authenticate/{ref}, completes or fails), processing (paid when
 * next looked up), or unknown (paid, but the answer lost). Charges are kept in memory: one
 * looked up after a restart went through, for the amount its id names.
 */
export function localProvider(db: Db): PaymentProvider {
  const charges = new Map<string, LocalCharge>();
  const next = new Map<string, TestChargeOutcome>();
  const outcome = (ref: string, charge: LocalCharge | undefined): ChargeOutcome =>
    !charge || charge.status === 'paid'
      ? { status: 'paid', amountCents: charge?.amountCents ?? amountOfRef(ref) }
      : charge.status === 'declined'
        ? { status: 'declined', reason: TEST_DECLINE }
        : { status: charge.status };
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
    async startCharge({ customerId, idempotencyKey, amountCents }) {
      // The amount is in the id, so a charge looked up after a restart is recorded as what it took.
      const ref = `pi_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}_${amountCents}`;
      if (!charges.has(ref)) charges.set(ref, { customerId, amountCents, status: 'unconfirmed' });
      return { ref };
    },
    async confirmCharge(ref) {
      const charge = charges.get(ref);
      if (!charge || charge.status !== 'unconfirmed') return outcome(ref, charge);
      const wanted = (charge.customerId && next.get(charge.customerId)) || 'paid';
      if (charge.customerId) next.delete(charge.customerId);
      charge.status = wanted === 'unknown' ? 'paid' : wanted;
      if (wanted === 'unknown') throw new Error('Test billing: the charge went through, but its answer was lost.');
      return outcome(ref, charge);
    },
    async chargeOutcome(ref) {
      const charge = charges.get(ref);
      // Processing ends when next looked up: the test bank always pays in the end.
      if (charge?.status === 'processing') charge.status = 'paid';
      return outcome(ref, charge);
    },
    async authenticationStep(ref, returnUrl) {
      const charge = charges.get(ref);
      if (charge?.status !== 'needs-authentication') return outcome(ref, charge);
      const origin = new URL(returnUrl).origin;
      return { url: `${origin}${TEST_CHECKOUT_PATH}/authenticate/${ref}?return=${encodeURIComponent(returnUrl)}` };
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
    test: {
      nextCharge(customerId, wanted) {
        next.set(customerId, wanted);
      },
      authenticate(ref, completed) {
        const charge = charges.get(ref);
        if (charge?.status === 'needs-authentication') charge.status = completed ? 'paid' : 'declined';
      },
    },
  };
}

/** What a test charge took, from its id (pi_local_<hash>_<cents>); the price for an id made before ids named it. */
function amountOfRef(ref: string): number {
  const cents = /_(\d{1,7})$/.exec(ref)?.[1];
  return cents === undefined ? PRICE_PER_MONTH_CENTS : Number(cents);
}

/** The test checkout's customer and subscription ids, made from its session id as Stripe would give its own. */
export function localLinkOf(sessionId: string): ProviderLink {
  const suffix = sessionId.replace(/^cs_test_local_/, '');
  return { customerId: `cus_local_${suffix}`, subscriptionId: `sub_local_${suffix}` };
}
