import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { checkoutPayloadSchema } from '@blooms/shared/contract/checkout';
import { escapeHtml } from '@blooms/shared/contract/html';
import { formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { CHECKOUT_CANCEL_PATH } from '@blooms/shared/contract/subscribe';
import type { Db } from '../../db/database';
import { checkoutSessions } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { SESSION_ID_PLACEHOLDER } from '../../payments/provider';
import type { Fulfil } from '../../payments/fulfilment';
import { InvalidInputError, NotFoundError } from '../../services/errors';
import type { PublicScope } from '../access';
import { registerCallable } from '../callable';
import type { RateLimiter } from '../rate-limit';
import { siteOrigin } from './site-origin';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  fulfil: Fulfil;
  /** The site's public origin for checkout return URLs; null takes it from the request. */
  publicUrl: string | null;
  stripe: { client: Stripe; webhookSecret: string } | null;
  /** Per client: checkouts started and verified. */
  limiters: { checkouts: RateLimiter; verifications: RateLimiter };
}

const verifySchema = z.object({ sessionId: z.string({ error: 'sessionId is required.' }).min(1, 'sessionId is required.').max(255) });

/** Subscribe and pay (spec sections 3, 7, 8): the two callables, the Stripe webhook, the test checkout. */
export function registerCheckoutRoutes(app: PublicScope, deps: CheckoutDeps) {
  const { db, provider, fulfil } = deps;

  registerCallable(
    app,
    '/api/createCheckoutSession',
    { data: checkoutPayloadSchema, result: z.object({ url: z.string(), sessionId: z.string() }) },
    async ({ subscriber, subId }, request) => {
      const origin = siteOrigin(request, deps.publicUrl);
      const checkout = await provider.createCheckout({
        email: subscriber.email,
        reference: subId,
        successUrl: `${origin}/confirmation?session_id=${SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${origin}${CHECKOUT_CANCEL_PATH}`,
      });
      await db.insert(checkoutSessions).values({ id: checkout.id, provider: provider.name, subscriber });
      request.log.info({ sessionId: checkout.id, provider: provider.name, plan: subscriber.plan }, 'checkout started');
      return { url: checkout.url, sessionId: checkout.id };
    },
    { bodyLimit: 16 * 1024, limiter: deps.limiters.checkouts },
  );

  registerCallable(
    app,
    '/api/verifyCheckoutSession',
    { data: verifySchema, result: z.object({ payment_status: z.enum(['paid', 'unpaid']) }) },
    async ({ sessionId }) => {
      // Every real checkout was started here: an unknown id is answered without asking the
      // provider, and so is one already known to be paid.
      const [known] = await db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      if (!known) throw new NotFoundError('We could not find that checkout.');
      if (known.status === 'paid') return { payment_status: 'paid' as const };
      const paid = await provider.isPaid(sessionId);
      if (paid === null) throw new NotFoundError('We could not find that checkout.');
      // The webhook may not have arrived yet: fulfilment is idempotent, so make sure here too.
      if (paid) await fulfil(sessionId);
      return { payment_status: paid ? ('paid' as const) : ('unpaid' as const) };
    },
    { limiter: deps.limiters.verifications },
  );

  if (deps.stripe) registerStripeWebhook(app, deps.stripe, fulfil);
  if (provider.name === 'local') registerTestCheckout(app, db, fulfil);
}

/** Stripe's events, signature-checked against the raw body; only paid checkouts matter here. */
function registerStripeWebhook(app: PublicScope, stripe: { client: Stripe; webhookSecret: string }, fulfil: Fulfil) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = stripe.client.webhooks.constructEvent(request.body, signature, stripe.webhookSecret);
      } catch {
        throw new InvalidInputError('The webhook signature is missing or does not match.');
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.payment_status === 'paid') {
            const result = await fulfil(session.id);
            request.log.info({ eventId: event.id, sessionId: session.id, result }, 'stripe checkout fulfilled');
          }
          break;
        }
        default:
          request.log.debug({ eventId: event.id, type: event.type }, 'stripe event ignored');
      }
      return reply.status(200).send({ received: true });
    });
  });
}

/** The built-in test checkout: looks and behaves like a hosted checkout, clearly in test mode. */
function registerTestCheckout(app: PublicScope, db: Db, fulfil: Fulfil) {
  const findSession = async (id: string) => {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!session || session.provider !== 'local') throw new NotFoundError('This checkout does not exist.');
    return session;
  };

  app.get<{ Params: { id: string } }>('/checkout/test/:id', async (request, reply) => {
    const session = await findSession(request.params.id);
    const p = session.subscriber;
    const months = p.plan === 'yearly' ? 'Every month' : p.months.map((m) => MONTH_NAMES[m - 1]).join(', ');
    const where = [p.address, p.unit, `${p.city}, ${p.state} ${p.zip}`].filter(Boolean).join(', ');
    const price = `${formatPrice(PRICE_PER_MONTH_USD)}.00`;
    const paid = session.status === 'paid';
    const confirmation = `/confirmation?session_id=${encodeURIComponent(session.id)}`;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout | Monthly Blooms</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f1ea;color:#2b2622}
.banner{background:#6b4e00;color:#fff;text-align:center;padding:8px;font-weight:600}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5e554d}dd{margin:0}
.total{font-size:1.2rem;font-weight:700;margin:1rem 0}
button,a.cancel{display:block;width:100%;box-sizing:border-box;text-align:center;padding:.8rem;border-radius:999px;font:inherit;font-weight:600;margin-top:.6rem}
button{background:#8a3b57;color:#fff;border:0;cursor:pointer}a.cancel{color:#8a3b57;border:2px solid #8a3b57;text-decoration:none}
</style></head><body>
<div class="banner" role="note">TEST MODE: no card is charged. This page stands in for the payment provider's hosted checkout.</div>
<main>
<h1>Monthly Blooms</h1>
<p>Flower subscription: a hand-made seasonal arrangement, hand-delivered.</p>
<dl><dt>Email</dt><dd>${escapeHtml(p.email)}</dd><dt>Deliver to</dt><dd>${escapeHtml(where)}</dd><dt>Months</dt><dd>${escapeHtml(months)}</dd></dl>
<p class="total">${price} per month</p>
${
  paid
    ? `<p>This checkout is already paid.</p><a class="cancel" href="${escapeHtml(confirmation)}">Continue</a>`
    : `<form method="post" action="/checkout/test/${escapeHtml(session.id)}/pay"><button type="submit">Pay ${price}</button></form>
<a class="cancel" href="${CHECKOUT_CANCEL_PATH}">Cancel</a>`
}
</main></body></html>`);
  });

  void app.register(async (scope) => {
    // The Pay button is a plain HTML form; its (empty) body carries nothing we need.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
    scope.post<{ Params: { id: string } }>('/checkout/test/:id/pay', async (request, reply) => {
      const session = await findSession(request.params.id);
      await fulfil(session.id);
      return reply.redirect(`/confirmation?session_id=${encodeURIComponent(session.id)}`, 303);
    });
  });
}
