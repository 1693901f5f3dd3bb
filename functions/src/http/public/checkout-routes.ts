import type Stripe from 'stripe';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API } from '@blooms/shared/contract/api-routes';
import { payerOf } from '@blooms/shared/contract/subscriber';
import {
  checkoutAmountCents,
  checkoutDescription,
  deliveriesText,
  giftDeliveriesOf,
  GIFT_PREPAID_RULE,
  isPrepaidGift,
} from '@blooms/shared/contract/gifts';
import { escapeHtml } from '@blooms/shared/contract/html';
import { lifecycleLabel } from '@blooms/shared/contract/lifecycle';
import { LATER_CHARGES, MONEY_RULE, PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import { monthList } from '@blooms/shared/contract/months';
import { CHECKOUT_CANCEL_PATH } from '@blooms/shared/contract/subscribe';
import type { Db } from '../../db/database';
import { chargeAttempts, checkoutSessions, subscriptions } from '../../db/schema';
import type { PaymentProvider, TestChargeOutcome } from '../../payments/provider';
import type { MailSite } from '../../mail/account-change-email';
import { tryCharge } from '../../services/billing';
import { reconcileStripeEvent, type IntentObject, type ReconciledEvent } from '../../services/reconciliation';
import { nextUnpaidMonth } from '../../read-models/ledger';
import { SESSION_ID_PLACEHOLDER } from '../../payments/provider';
import { orderSummaryOf, type Fulfil } from '../../services/fulfilment';
import { deliverToLine } from '@blooms/shared/contract/order';
import { applyProviderRefund, type ProviderRefundEvent } from '../../services/money-back';
import type { ProviderEventResult } from '../../services/provider-events';
import { stripeLinkOf } from '../../payments/stripe-provider';
import { localLinkOf } from '../../payments/local-provider';
import { InvalidInputError, NotFoundError } from '../../domain/errors';
import { findUnstorableText } from '@blooms/shared/contract/validation';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-body';
import type { PublicScope } from '../access';
import { registerCallable } from '../callable';
import { serve } from '../serve';
import type { RateLimiter } from '../rate-limit';
import { CHARGE_CONFIRMATION_PATH, TEST_CHECKOUT_PATH } from '../paths';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  fulfil: Fulfil;
  /** The server's time, which decides the first delivery. */
  clock: () => Date;
  /** The site the payer's notices link to (the test checkout's Test billing charges as the billing worker does). */
  site: MailSite;
  /** The site's origin for checkout return URLs (site-origin.ts). */
  origin: (request: FastifyRequest) => string;
  stripe: { client: Stripe; webhookSecret: string } | null;
  /** E-mails the receipts of charges recorded and not yet sent one. */
  sendReceipts: () => Promise<void>;
  /** Per client: checkouts started and verified. */
  limiters: { checkouts: RateLimiter; verifications: RateLimiter };
}

/** Subscribe and pay: the two callables, the Stripe webhook, the test checkout. */
export function registerCheckoutRoutes(app: PublicScope, deps: CheckoutDeps) {
  const { db, provider, fulfil } = deps;

  registerCallable(
    app,
    API.createCheckoutSession,
    async ({ subscriber, subId }, request) => {
      const origin = deps.origin(request);
      const checkout = await provider.createCheckout({
        // The payer: a gift's buyer gets the provider's receipts, not the recipient.
        email: payerOf(subscriber).email,
        reference: subId,
        amountCents: checkoutAmountCents(subscriber),
        description: checkoutDescription(subscriber),
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
    API.verifyCheckoutSession,
    async ({ sessionId }) => {
      // Every real checkout was started here: an unknown id is answered without asking the
      // provider, and so is one already known to be paid.
      const [known] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      if (!known) throw new NotFoundError('We could not find that checkout.');
      // Paid: what was bought, for the confirmation page (the session id is the buyer's own secret).
      if (known.status === 'paid') return { payment_status: 'paid' as const, order: await orderSummaryOf(db, known, deps.clock()) };
      const outcome = await provider.checkoutOutcome(sessionId);
      if (outcome === null) throw new NotFoundError('We could not find that checkout.');
      if (!outcome.paid) return { payment_status: 'unpaid' as const };
      // The webhook may not have arrived yet: fulfilment is idempotent, so make sure here too.
      await fulfil(sessionId, outcome);
      return { payment_status: 'paid' as const, order: await orderSummaryOf(db, known, deps.clock()) };
    },
    { limiter: deps.limiters.verifications },
  );

  if (deps.stripe) {
    const client = deps.stripe.client;
    const reconcile = async (event: ReconciledEvent) => {
      const result = await reconcileStripeEvent(db, deps.site, event, async (paymentRef) => {
        // A dispute of a checkout's payment: the checkout that took it.
        const sessions = await client.checkout.sessions.list({ payment_intent: paymentRef, limit: 1 });
        return sessions.data[0]?.id ?? null;
      });
      await deps.sendReceipts();
      return result;
    };
    registerStripeWebhook(app, deps.stripe, fulfil, reconcile, (event) => applyProviderRefund(db, event), deps.clock);
  }
  if (provider.name === 'local') registerTestCheckout(app, deps);
}

/**
 * What the webhook reads of a Stripe event, checked before anything is done with it: a signed
 * event of another shape (no data, a NUL in an id) is refused with 400, which Stripe does not
 * retry, instead of failing as a server error it would retry for days.
 */
const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  /** When it happened (Unix seconds): the order events are applied in. */
  created: z.number().int().nonnegative().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const paymentIntentSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string().max(64),
  /** What the payment takes, in cents: what the ledger records when it succeeds. */
  amount: z.number().int().nonnegative(),
  metadata: z.record(z.string().max(255), z.string().max(500)).optional(),
  last_payment_error: z.object({ code: z.string().max(255).optional(), message: z.string().max(2000).optional() }).nullish(),
});
const disputeSchema = z.object({
  id: z.string().min(1).max(255),
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]),
  amount: z.number().int().nonnegative(),
  reason: z.string().max(255).optional(),
  status: z.string().max(64),
});
const RECONCILED = {
  'payment_intent.succeeded': paymentIntentSchema,
  'payment_intent.payment_failed': paymentIntentSchema,
  'charge.dispute.created': disputeSchema,
  'charge.dispute.closed': disputeSchema,
} as const;

const paidCheckoutSchema = z.object({
  id: z.string().min(1).max(255),
  payment_status: z.string().max(64),
  customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional(),
});

/** A charge refunded at Stripe (charge.refunded): its payment, customer, and all refunded of it so far. */
const refundedChargeSchema = z.object({
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })]),
  customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional(),
  amount_refunded: z.number().int().nonnegative(),
});
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

interface ReadEvent {
  id: string;
  type: string;
  createdAt: Date;
  session: z.output<typeof paidCheckoutSchema> | null;
  reconciled: ReconciledEvent | null;
  refunded: z.output<typeof refundedChargeSchema> | null;
}

/** The event's parts the webhook uses, or null when the event is not of a shape it can handle. */
function readStripeEvent(event: unknown, now: Date): ReadEvent | null {
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, type, data, created } = parsed.data;
  const isCheckout = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
  const session = isCheckout ? paidCheckoutSchema.safeParse(data.object) : null;
  if (session && !session.success) return null;
  const createdAt = created === undefined ? now : new Date(created * 1000);
  let reconciled: ReconciledEvent | null = null;
  if (type in RECONCILED) {
    const object = RECONCILED[type as keyof typeof RECONCILED].safeParse(data.object);
    if (!object.success) return null;
    reconciled = type.startsWith('charge.dispute.')
      ? { id, type: type as 'charge.dispute.created', createdAt, dispute: object.data as z.output<typeof disputeSchema> }
      : { id, type: type as 'payment_intent.succeeded', createdAt, intent: object.data as IntentObject };
  }
  const refunded = type === 'charge.refunded' ? refundedChargeSchema.safeParse(data.object) : null;
  if (refunded && !refunded.success) return null;
  const read = { id, type, createdAt, session: session?.data ?? null, reconciled, refunded: refunded?.data ?? null };
  return findUnstorableText(read) ? null : read;
}

/**
 * Stripe's events, signature-checked against the raw body: paid checkouts become
 * subscriptions; a later month's charge succeeding or failing, and disputes opened and closed,
 * are reconciled (services/reconciliation.ts), each once and in any order.
 */
function registerStripeWebhook(
  app: PublicScope,
  stripe: { client: Stripe; webhookSecret: string },
  fulfil: Fulfil,
  reconcile: (event: ReconciledEvent) => Promise<string>,
  applyRefund: (event: ProviderRefundEvent) => Promise<ProviderEventResult>,
  clock: () => Date,
) {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    serve(
      scope,
      API.stripeWebhook,
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        try {
          if (
            typeof signature !== 'string' ||
            !Buffer.isBuffer(body) ||
            !stripe.client.webhooks.signature?.verifyHeader(body, signature, stripe.webhookSecret)
          )
            throw new Error('unsigned');
        } catch {
          throw new InvalidInputError('The webhook signature is missing or does not match.');
        }
        const text = body.toString('utf8');
        const event = nestedDeeperThan(text, MAX_JSON_DEPTH) ? null : readStripeEvent(parseJson(text), clock());
        if (!event) {
          request.log.warn('stripe event refused: signed, but not of a shape this webhook handles');
          throw new InvalidInputError('The event is not of a shape this webhook handles.');
        }
        if (event.session?.payment_status === 'paid') {
          const result = await fulfil(event.session.id, stripeLinkOf(event.session));
          request.log.info({ eventId: event.id, sessionId: event.session.id, result }, 'stripe checkout fulfilled');
        } else if (event.reconciled) {
          const result = await reconcile(event.reconciled);
          request.log.info({ eventId: event.id, type: event.type, result }, 'stripe event reconciled');
        } else if (event.refunded) {
          // A refund made in Stripe's dashboard (or ours, reported back): the ledger records what it lacks, once.
          const result = await applyRefund({
            id: event.id,
            type: event.type,
            createdAt: event.createdAt,
            paymentId: idOf(event.refunded.payment_intent)!,
            customerId: idOf(event.refunded.customer),
            amountRefundedCents: event.refunded.amount_refunded,
          });
          request.log.info({ eventId: event.id, result }, 'stripe refund applied');
        } else if (!event.session) {
          request.log.debug({ eventId: event.id, type: event.type }, 'stripe event ignored');
        }
        return reply.send({ received: true });
      },
      { bodyLimit: 1024 * 1024 },
    );
  });
}

/**
 * What the test checkout's billing controls make happen at once: the next delivery's charge,
 * made as the billing worker makes it on its charge date, with the test bank answering so.
 */
const TEST_BILLING: Record<string, { label: string; outcome: TestChargeOutcome }> = {
  renew: { label: 'Charge the next delivery now: the payment goes through', outcome: 'paid' },
  fail: { label: 'Charge the next delivery now: the card is declined', outcome: 'declined' },
  authenticate: { label: 'Charge the next delivery now: the bank asks the subscriber to authenticate', outcome: 'needs-authentication' },
  processing: { label: 'Charge the next delivery now: the bank answers later (processing)', outcome: 'processing' },
  unknown: { label: 'Charge the next delivery now: the answer is lost (outcome unknown)', outcome: 'unknown' },
};

/**
 * The built-in test checkout: looks and behaves like a hosted checkout, clearly in test mode.
 * Once paid, its page also offers what charging the next delivery can bring (paid, declined,
 * authentication asked, processing, the answer lost) at once, so every path of a subscription's life can be tried without keys or waiting.
 */
function registerTestCheckout(
  app: PublicScope,
  { db, fulfil, provider, site, clock, sendReceipts }: Pick<CheckoutDeps, 'db' | 'fulfil' | 'provider' | 'site' | 'clock' | 'sendReceipts'>,
) {
  const findSession = async (id: string) => {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!session || session.provider !== 'local') throw new NotFoundError('This checkout does not exist.');
    return session;
  };

  /** The confirmation page of a charge waiting for the subscriber's authentication, as the e-mail links to it; null when none waits. */
  const waitingConfirmationOf = async (sessionId: string) => {
    const [waiting] = await db
      .select({ token: chargeAttempts.authenticationToken })
      .from(chargeAttempts)
      .innerJoin(subscriptions, eq(subscriptions.id, chargeAttempts.subscriptionId))
      .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(chargeAttempts.outcome, 'needs-authentication')))
      .orderBy(desc(chargeAttempts.id))
      .limit(1);
    return waiting?.token ? `${CHARGE_CONFIRMATION_PATH}/${waiting.token}` : null;
  };

  const subscriptionStatusOf = async (sessionId: string) => {
    const [row] = await db
      .select({ status: subscriptions.status, statusFrom: subscriptions.statusFrom, endsAfter: subscriptions.endsAfter })
      .from(subscriptions)
      .where(eq(subscriptions.checkoutSessionId, sessionId));
    return row ? lifecycleLabel(row) : 'not created yet';
  };

  app.get<{ Params: { id: string } }>(`${TEST_CHECKOUT_PATH}/:id`, async (request, reply) => {
    const session = await findSession(request.params.id);
    const p = session.subscriber;
    const months = p.plan === 'yearly' ? 'Every month' : monthList(p.months);
    const where = deliverToLine(p);
    const cents = checkoutAmountCents(p);
    const price = `$${(cents / 100).toFixed(2)}`;
    const forWhat =
      cents === PRICE_PER_MONTH_USD * 100 ? 'for your first delivery' : `for all ${deliveriesText(giftDeliveriesOf(p))} of the gift`;
    const paid = session.status === 'paid';
    const confirmation = `/confirmation?session_id=${encodeURIComponent(session.id)}`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout | Monthly Blooms</title><link rel="icon" href="/favicon.svg">
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f1ea;color:#2b2622}
.banner{background:#6b4e00;color:#fff;text-align:center;padding:8px;font-weight:600}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5e554d}dd{margin:0}
.total{font-size:1.2rem;font-weight:700;margin:1rem 0}
button,a.cancel{display:block;width:100%;box-sizing:border-box;text-align:center;padding:.8rem;border-radius:999px;font:inherit;font-weight:600;margin-top:.6rem}
button{background:#8a3b57;color:#fff;border:0;cursor:pointer}
section{margin-top:1.5rem;padding-top:1rem;border-top:1px dashed #c9bfb3}h2{font-size:1.1rem}a.cancel{color:#8a3b57;border:2px solid #8a3b57;text-decoration:none}
</style></head><body>
<div class="banner" role="note">TEST MODE: no card is charged. This page stands in for the payment provider's hosted checkout.</div>
<main>
<h1>Monthly Blooms</h1>
<p>Flower subscription: a hand-made seasonal arrangement, hand-delivered.</p>
<dl><dt>Email</dt><dd>${escapeHtml(p.email)}</dd><dt>Deliver to</dt><dd>${escapeHtml(where)}</dd><dt>Months</dt><dd>${escapeHtml(months)}</dd></dl>
<p class="total">${price} today, ${forWhat}</p>
<p>${escapeHtml(isPrepaidGift(p) ? GIFT_PREPAID_RULE : `${MONEY_RULE} ${LATER_CHARGES}`)}</p>
${
  paid
    ? `<p>This checkout is already paid.</p><a class="cancel" href="${escapeHtml(confirmation)}">Continue</a>
<section aria-labelledby="test-billing"><h2 id="test-billing">Test billing</h2>
<p>What the payment provider would do later. The subscription is now: <strong>${escapeHtml(await subscriptionStatusOf(session.id))}</strong>.</p>
${await waitingConfirmationOf(session.id).then((link) => (link ? `<p>The payer was e-mailed a link to confirm the payment: <a href="${escapeHtml(link)}">open it here</a>.</p>` : ''))}
${Object.entries(TEST_BILLING)
  .map(
    ([action, { label }]) =>
      `<form method="post" action="${TEST_CHECKOUT_PATH}/${escapeHtml(session.id)}/billing/${action}"><button type="submit">${escapeHtml(label)}</button></form>`,
  )
  .join('\n')}
</section>`
    : `<form method="post" action="${TEST_CHECKOUT_PATH}/${escapeHtml(session.id)}/pay"><button type="submit">Pay ${price}</button></form>
<a class="cancel" href="${CHECKOUT_CANCEL_PATH}">Cancel</a>`
}
</main></body></html>`);
  });

  void app.register(async (scope) => {
    // The Pay button is a plain HTML form; its (empty) body carries nothing we need.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
    scope.post<{ Params: { id: string } }>(`${TEST_CHECKOUT_PATH}/:id/pay`, async (request, reply) => {
      const session = await findSession(request.params.id);
      await fulfil(session.id, localLinkOf(session.id));
      return reply.redirect(`/confirmation?session_id=${encodeURIComponent(session.id)}`, 303);
    });
    scope.post<{ Params: { id: string; action: string } }>(`${TEST_CHECKOUT_PATH}/:id/billing/:action`, async (request, reply) => {
      const session = await findSession(request.params.id);
      const billing = TEST_BILLING[request.params.action];
      if (!billing) throw new NotFoundError('There is no such test billing action.');
      const [subscription] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.checkoutSessionId, session.id));
      if (session.status !== 'paid' || !subscription) throw new InvalidInputError('Pay this test checkout first.');
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      const now = clock();
      const month = row && (await nextUnpaidMonth(db, row, now));
      if (!row || !month) throw new InvalidInputError('This subscription has no delivery left to charge.');
      if (row.providerCustomerId) provider.test?.nextCharge(row.providerCustomerId, billing.outcome);
      let result: string;
      try {
        result = await tryCharge(db, provider, site, row, month, now, { atOnce: true });
        if (result === 'paid') await sendReceipts();
      } catch (error) {
        result = 'unknown';
        request.log.warn({ err: error, sessionId: session.id }, 'test billing: the charge outcome is not known');
      }
      request.log.info({ sessionId: session.id, action: request.params.action, result }, 'test billing event');
      return reply.redirect(`${TEST_CHECKOUT_PATH}/${encodeURIComponent(session.id)}`, 303);
    });
  });
}
