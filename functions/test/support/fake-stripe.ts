import http from 'node:http';
import { randomBytes } from 'node:crypto';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete';
  customer_email: string;
  client_reference_id: string;
  success_url: string;
  cancel_url: string;
  mode: string;
  /** Set once paid, as Stripe sets them when a payment-mode checkout completes. */
  customer: string | null;
  payment_intent: string | null;
  /** What the session takes: its one line item's unit amount. */
  amount_total: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  status: 'succeeded';
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: 'succeeded';
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  description: string;
  metadata: Record<string, string>;
}

interface FakeCustomer {
  id: string;
  /** The customer's saved cards, newest first. */
  cards: string[];
  defaultCard: string | null;
  /** Cards the bank declines. */
  declined: Set<string>;
}

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

/**
 * A local stand-in for the part of Stripe's HTTP API this product uses: Checkout Sessions in
 * payment mode that save the card, customers and their cards, off-session PaymentIntents
 * (honouring Idempotency-Key as Stripe does: the same key answers the same, charging once),
 * refunds of a checkout's payment or a later charge (idempotent the same way), and customer portal sessions.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const customers = new Map<string, FakeCustomer>();
  const byIdempotencyKey = new Map<string, { status: number; json: unknown }>();
  /** Every successful charge after checkout, in order. */
  const charges: FakePaymentIntent[] = [];
  /** Every refund made, in order. */
  const refunds: FakeRefund[] = [];
  const requests: {
    method: string;
    path: string;
    body: string;
    form: URLSearchParams;
    auth: string | undefined;
    idempotencyKey: string | undefined;
  }[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  function createPaymentIntent(form: URLSearchParams): { status: number; json: unknown } {
    const customer = customers.get(form.get('customer') ?? '');
    const card = form.get('payment_method') ?? '';
    if (!customer)
      return {
        status: 400,
        json: stripeError('invalid_request_error', `No such customer: '${form.get('customer')}'`, { code: 'resource_missing' }),
      };
    if (!customer.cards.includes(card))
      return { status: 400, json: stripeError('invalid_request_error', `No such PaymentMethod: '${card}'`, { code: 'resource_missing' }) };
    if (form.get('off_session') !== 'true' || form.get('confirm') !== 'true')
      return { status: 400, json: stripeError('invalid_request_error', 'This stand-in only takes confirmed off-session charges.') };
    const intent = {
      id: id('pi_test'),
      object: 'payment_intent' as const,
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? '',
      customer: customer.id,
      payment_method: card,
      description: form.get('description') ?? '',
      metadata: Object.fromEntries(
        [...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]),
      ),
    };
    if (customer.declined.has(card)) {
      return {
        status: 402,
        json: stripeError('card_error', 'Your card has insufficient funds.', {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          payment_intent: { ...intent, status: 'requires_payment_method' },
        }),
      };
    }
    const succeeded: FakePaymentIntent = { ...intent, status: 'succeeded' };
    charges.push(succeeded);
    return { status: 200, json: succeeded };
  }

  const metadataOf = (form: URLSearchParams) =>
    Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]));

  /** A refund of part of a paid checkout's payment, or of a later charge; Stripe refuses more than is left of it. */
  function createRefund(form: URLSearchParams): { status: number; json: unknown } {
    const intent = form.get('payment_intent') ?? '';
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    const charged = session?.amount_total ?? charges.find((c) => c.id === intent)?.amount;
    if (charged === undefined)
      return {
        status: 400,
        json: stripeError('invalid_request_error', `No such payment_intent: '${intent}'`, { code: 'resource_missing' }),
      };
    const amount = Number(form.get('amount') ?? charged);
    const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    if (amount > charged - refunded)
      return {
        status: 400,
        json: stripeError('invalid_request_error', 'Refund amount is greater than unrefunded amount on charge', {
          code: 'amount_too_large',
        }),
      };
    const refund: FakeRefund = {
      id: id('re_test'),
      object: 'refund',
      status: 'succeeded',
      amount,
      payment_intent: intent,
      metadata: metadataOf(form),
    };
    refunds.push(refund);
    return { status: 200, json: refund };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(body);
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, body, form, auth: req.headers.authorization, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const notFound = (what: string) => send(404, stripeError('invalid_request_error', `No such ${what}`, { code: 'resource_missing' }));
      const route = `${req.method} ${url.pathname}`;
      let match: RegExpExecArray | null;

      if (route === 'POST /v1/checkout/sessions') {
        const sessionId = id('cs_test');
        const session: FakeSession = {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          payment_status: 'unpaid',
          status: 'open',
          customer_email: form.get('customer_email') ?? '',
          client_reference_id: form.get('client_reference_id') ?? '',
          success_url: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
          cancel_url: form.get('cancel_url') ?? '',
          mode: form.get('mode') ?? '',
          customer: null,
          payment_intent: null,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0) * Number(form.get('line_items[0][quantity]') ?? 1),
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }
      if (req.method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname))) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session ? send(200, session) : notFound(`checkout.session: '${match[1]}'`);
      }
      if (req.method === 'GET' && (match = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(url.pathname))) {
        const customer = customers.get(decodeURIComponent(match[1]!));
        if (!customer) return notFound(`customer: '${match[1]}'`);
        return send(200, {
          object: 'list',
          has_more: false,
          data: customer.cards.map((card) => ({ id: card, object: 'payment_method', type: 'card', customer: customer.id })),
        });
      }
      if (req.method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname))) {
        const customer = customers.get(decodeURIComponent(match[1]!));
        if (!customer) return notFound(`customer: '${match[1]}'`);
        return send(200, { id: customer.id, object: 'customer', invoice_settings: { default_payment_method: customer.defaultCard } });
      }
      if (req.method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname))) {
        // A payment's card, as a receipt reads it (latest_charge expanded): the stand-in's cards are all Visa 4242.
        const intentId = decodeURIComponent(match[1]!);
        const known = charges.find((c) => c.id === intentId) ?? [...sessions.values()].find((s) => s.payment_intent === intentId);
        if (!known) return notFound(`payment_intent: '${intentId}'`);
        return send(200, {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          latest_charge: {
            id: `ch_for_${intentId}`,
            object: 'charge',
            payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
          },
        });
      }
      if (route === 'POST /v1/payment_intents') {
        // Stripe answers a repeated key with the first answer, whatever it was.
        const answer = (idempotencyKey && byIdempotencyKey.get(idempotencyKey)) || createPaymentIntent(form);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, answer);
        return send(answer.status, answer.json);
      }
      if (route === 'POST /v1/refunds') {
        const answer = (idempotencyKey && byIdempotencyKey.get(idempotencyKey)) || createRefund(form);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, answer);
        return send(answer.status, answer.json);
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        const customer = customers.get(form.get('customer') ?? '');
        if (!customer)
          return send(
            400,
            stripeError('invalid_request_error', `No such customer: '${form.get('customer')}'`, { code: 'resource_missing' }),
          );
        const portalId = id('bps_test');
        return send(200, {
          id: portalId,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: form.get('return_url'),
          url: `https://billing.stripe.test/p/session/${portalId}`,
        });
      }
      return send(404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const customerOf = (customerId: string) => {
    const customer = customers.get(customerId);
    if (!customer) throw new Error(`no customer ${customerId}`);
    return customer;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    charges,
    refunds,
    /** The customer pays on Stripe's page: a customer is made, and the card saved for later charges. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer: FakeCustomer = { id: id('cus_test'), cards: [id('pm_test')], defaultCard: null, declined: new Set() };
      customers.set(customer.id, customer);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.customer = customer.id;
      session.payment_intent = id('pi_test');
      return session;
    },
    /** From now on the bank declines the customer's current card. */
    declineCard(customerId: string) {
      const customer = customerOf(customerId);
      customer.declined.add(customer.defaultCard ?? customer.cards[0]!);
    },
    /** The customer gives a new card in the customer portal: it becomes the default. */
    replaceCard(customerId: string) {
      const customer = customerOf(customerId);
      const card = id('pm_test');
      customer.cards.unshift(card);
      customer.defaultCard = card;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections open: closed, the server is unreachable at once.
        server.closeAllConnections();
      }),
  };
}
