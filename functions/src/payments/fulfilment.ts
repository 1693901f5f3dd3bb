import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ValidCheckout } from '@blooms/shared/checkout-schema';
import type { SiteContact } from '@blooms/shared/site';
import type { Db } from '../db/database';
import { checkoutSessions, subscriptions } from '../db/schema';
import { announce } from '../services/change-feed';
import { confirmationEmail } from '../mail/confirmation-email';
import type { Mailer } from '../mail/mailer';

export type FulfilmentResult = 'created' | 'already-fulfilled' | 'unknown-session';

/**
 * Turns a paid checkout into a subscription, once: the webhook, the confirmation page and
 * any replay may all call this, concurrently too; the unique checkout_session_id decides
 * which one creates the subscription, and only that one sends the confirmation e-mail.
 * Monthly deliveries follow from the subscription's months; a month's delivery row is
 * written when staff first act on it.
 */
export function createFulfilment(db: Db, mailer: Mailer, site: SiteContact, log: FastifyBaseLogger) {
  return async function fulfil(sessionId: string): Promise<FulfilmentResult> {
    const created = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [session] = await t.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for('update');
      if (!session) return null;
      const p = session.payload as ValidCheckout;
      const [row] = await t
        .insert(subscriptions)
        .values({
          firstName: p.first_name,
          lastName: p.last_name,
          email: p.email,
          phone: p.phone,
          address: p.address,
          unit: p.unit,
          city: p.city,
          state: p.state,
          zip: p.zip,
          deliveryNotes: p.notes,
          plan: p.plan,
          months: p.monthNumbers,
          checkoutSessionId: sessionId,
        })
        .onConflictDoNothing({ target: subscriptions.checkoutSessionId })
        .returning();
      await t
        .update(checkoutSessions)
        .set({ status: 'paid', paidAt: sql`coalesce(${checkoutSessions.paidAt}, now())` })
        .where(eq(checkoutSessions.id, sessionId));
      if (row) await announce(t, { type: 'subscription-created', subscriptionId: row.id });
      return row ?? false;
    });
    if (created === null) return 'unknown-session';
    if (created === false) return 'already-fulfilled';
    log.info({ subscriptionId: created.id, sessionId }, 'subscription created');
    try {
      await mailer.send(confirmationEmail({ ...created, months: created.months }, site));
    } catch (error) {
      // The subscription stands; staff can see it. The e-mail failure is logged for follow-up.
      log.error({ err: error, subscriptionId: created.id }, 'confirmation e-mail could not be sent');
    }
    return 'created';
  };
}

export type Fulfil = ReturnType<typeof createFulfilment>;
