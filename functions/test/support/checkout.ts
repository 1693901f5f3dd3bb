import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import { monthsSelected } from '@blooms/shared/contract/months';
import type { Db } from '../../src/db/database';
import { subscriptions } from '../../src/db/schema';
import type { startFakeStripe } from './fake-stripe';

export const WEBHOOK_SECRET = 'whsec_billing';
const stripe = new Stripe('sk_test_123');
let serial = 0;

/** Starts a checkout for Rosa Diaz of Provo with these plan months, as the subscribe form does; resolves with its session id. */
async function startCheckout(app: FastifyInstance, email: string, months: number[], extra: Partial<SubscribeForm> = {}): Promise<string> {
  const selectedMonths = monthsSelected(months);
  const form = {
    ...EMPTY_SUBSCRIBE_FORM,
    firstName: 'Rosa',
    lastName: 'Diaz',
    email,
    phone: '8015550111',
    address: '1 Main St',
    city: 'Provo',
    zip: '84601',
    plan: months.length === 12 ? ('yearly' as const) : ('custom' as const),
    selectedMonths,
    ...extra,
  };
  const started = await app.inject({ method: 'POST', url: '/api/createCheckoutSession', payload: { data: buildCheckoutPayload(form) } });
  return (started.json().result as { sessionId: string }).sessionId;
}

const subscriptionOf = async (db: Db, sessionId: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, sessionId)))[0]!;

/** A customer who subscribed and paid on the built-in test checkout; resolves with the subscription row. */
export async function subscribeThroughTestCheckout(
  app: FastifyInstance,
  db: Db,
  email: string,
  months: number[],
  extra: Partial<SubscribeForm> = {},
) {
  const sessionId = await startCheckout(app, email, months, extra);
  const paid = await app.inject({
    method: 'POST',
    url: `/checkout/test/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (paid.statusCode !== 303) throw new Error(`the test checkout answered ${paid.statusCode}: ${paid.body}`);
  return subscriptionOf(db, sessionId);
}

/** A customer who subscribed and paid through Stripe Checkout (the fake), with the webhook that says so; resolves with the subscription row. */
export async function subscribeThroughStripe(
  app: FastifyInstance,
  db: Db,
  fake: Awaited<ReturnType<typeof startFakeStripe>>,
  email: string,
  months: number[],
  extra: Partial<SubscribeForm> = {},
) {
  const sessionId = await startCheckout(app, email, months, extra);
  const paid = fake.pay(sessionId);
  const body = JSON.stringify({
    id: `evt_${process.pid}_${++serial}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: paid },
  });
  const webhook = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    },
    payload: body,
  });
  if (webhook.statusCode !== 200) throw new Error(`the checkout webhook answered ${webhook.statusCode}: ${webhook.body}`);
  return subscriptionOf(db, sessionId);
}

/** Stripe tells the webhook of an event about this object, signed as Stripe signs it; resolves with the response. */
export function sendStripeEvent(
  app: FastifyInstance,
  event: { id: string; type: string; created: Date; object: object },
  secret = WEBHOOK_SECRET,
) {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    created: Math.floor(event.created.getTime() / 1000),
    data: { object: event.object },
  });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    payload: body,
  });
}
