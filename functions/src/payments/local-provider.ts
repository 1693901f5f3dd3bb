import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { checkoutSessions } from '../db/schema';
import type { PaymentProvider } from './provider';

/**
 * The local default: a test checkout page served by this backend (/checkout/test/{id}) that
 * behaves like a hosted checkout. Nothing is charged; paying marks the session paid.
 */
export function localProvider(db: Db): PaymentProvider {
  return {
    name: 'local',
    async createCheckout({ successUrl }) {
      const id = `cs_test_local_${randomBytes(12).toString('hex')}`;
      const origin = new URL(successUrl).origin;
      return { id, url: `${origin}/checkout/test/${id}` };
    },
    async isPaid(sessionId) {
      const [row] = await db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      return row ? row.status === 'paid' : null;
    },
  };
}
