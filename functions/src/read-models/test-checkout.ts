import { and, desc, eq } from 'drizzle-orm';
import { lifecycleLabel } from '@blooms/shared/contract/lifecycle';
import type { Db } from '../db/database';
import { chargeAttempts, checkoutSessions, subscriptions, type CheckoutSessionRow, type SubscriptionDbRow } from '../db/schema';
import { NotFoundError } from '../domain/errors';

/** What the built-in test checkout reads: its own sessions and the subscription each made. */

/** A checkout of the test provider; NotFoundError for any other id. */
export async function testCheckoutOf(db: Db, id: string): Promise<CheckoutSessionRow> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  if (!session || session.provider !== 'local') throw new NotFoundError('This checkout does not exist.');
  return session;
}

/** The subscription a checkout made; null until it is paid. */
export async function subscriptionOfCheckout(db: Db, sessionId: string): Promise<SubscriptionDbRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId));
  return row ?? null;
}

/** The subscription's status as the page says it, or that it is not created yet. */
export async function checkoutSubscriptionStatus(db: Db, sessionId: string): Promise<string> {
  const row = await subscriptionOfCheckout(db, sessionId);
  return row ? lifecycleLabel(row) : 'not created yet';
}

/** The token of a charge waiting for the subscriber's authentication (what the e-mail links to); null when none waits. */
export async function waitingAuthenticationToken(db: Db, sessionId: string): Promise<string | null> {
  const [waiting] = await db
    .select({ token: chargeAttempts.authenticationToken })
    .from(chargeAttempts)
    .innerJoin(subscriptions, eq(subscriptions.id, chargeAttempts.subscriptionId))
    .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(chargeAttempts.outcome, 'needs-authentication')))
    .orderBy(desc(chargeAttempts.id))
    .limit(1);
  return waiting?.token ?? null;
}
