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
  status: 'requires_confirmation' | 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded';
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  description: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string; payment_method: { id: string } } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
}

/** What the bank does with a card's off-session charges. */
type CardBehaviour = 'declines' | 'needs-authentication' | 'processing';

interface FakeCustomer {
  id: string;
  /** The customer's saved cards, newest first. */
  cards: string[];
  defaultCard: string | null;
  /** Cards whose charges the bank does not simply take. */
  behaviour: Map<string, CardBehaviour>;
}

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

/**
 * A local stand-in for the part of Stripe's HTTP API this product uses: Checkout Sessions in
 * payment mode that save the card, customers and their cards, PaymentIntents made and then
 * confirmed off-session, looked up (with their charge's card), and authenticated on the bank's
 * page (honouring Idempotency-Key as Stripe does: the same key answers the same, charging once,
 * until forgotten), refunds of a checkout's payment or a later charge (idempotent the same way),
 * and customer portal sessions.
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

  /** Every PaymentIntent made, confirmed or not, by id. */
  const intents = new Map<string, FakePaymentIntent>();
  /** While set, confirmations are made but their answers lost (the connection dropped). */
  let losingAnswers = false;

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
    if (form.has('confirm') || form.has('off_session'))
      return {
        status: 400,
        json: stripeError('invalid_request_error', 'This stand-in makes PaymentIntents first and confirms them after.'),
      };
    const intent: FakePaymentIntent = {
      id: id('pi_test'),
      object: 'payment_intent' as const,
      status: 'requires_confirmation',
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? '',
      customer: customer.id,
      payment_method: card,
      description: form.get('description') ?? '',
      metadata: metadataOf(form),
      last_payment_error: null,
      next_action: null,
    };
    intents.set(intent.id, intent);
    return { status: 200, json: intent };
  }

  /**
   * Confirms a PaymentIntent as Stripe does: off-session, the bank takes it, declines it, wants
   * the customer to authenticate (an error, the intent waiting for a payment method), or answers
   * later (processing); on-session with a return_url, a card that wants authentication answers
   * with a redirect to the bank's page.
   */
  function confirmPaymentIntent(intentId: string, form: URLSearchParams): { status: number; json: unknown } {
    const intent = intents.get(intentId);
    if (!intent)
      return {
        status: 404,
        json: stripeError('invalid_request_error', `No such payment_intent: '${intentId}'`, { code: 'resource_missing' }),
      };
    if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method')
      return {
        status: 400,
        json: stripeError('invalid_request_error', `This PaymentIntent's status is ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
        }),
      };
    const card = form.get('payment_method') ?? intent.payment_method;
    const behaviour = customers.get(intent.customer)?.behaviour.get(card);
    intent.payment_method = card;
    if (behaviour === 'declines' || (behaviour === 'needs-authentication' && form.get('off_session') === 'true')) {
      const code = behaviour === 'declines' ? 'card_declined' : 'authentication_required';
      const message =
        behaviour === 'declines'
          ? 'Your card has insufficient funds.'
          : 'Your card was declined. This transaction requires authentication.';
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code, message, payment_method: { id: card } } });
      return { status: 402, json: stripeError('card_error', message, { code, payment_intent: intent }) };
    }
    if (behaviour === 'needs-authentication') {
      const returnUrl = form.get('return_url') ?? '';
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: `https://hooks.stripe.test/3d_secure/${intent.id}`, return_url: returnUrl },
        },
      });
      return { status: 200, json: intent };
    }
    if (behaviour === 'processing') {
      intent.status = 'processing';
      return { status: 200, json: intent };
    }
    succeed(intent);
    return { status: 200, json: intent };
  }

  function succeed(intent: FakePaymentIntent) {
    Object.assign(intent, { status: 'succeeded', last_payment_error: null, next_action: null });
    charges.push(intent);
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
      if (route === 'GET /v1/checkout/sessions') {
        const intent = url.searchParams.get('payment_intent');
        const found = [...sessions.values()].filter((session) => !intent || session.payment_intent === intent);
        return send(200, { object: 'list', has_more: false, data: found.slice(0, Number(url.searchParams.get('limit') ?? 10)) });
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
      if (route === 'POST /v1/payment_intents') {
        // Stripe answers a repeated key with the first answer, whatever it was.
        const answer = (idempotencyKey && byIdempotencyKey.get(idempotencyKey)) || createPaymentIntent(form);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, answer);
        return send(answer.status, answer.json);
      }
      if (req.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname))) {
        const answer =
          (idempotencyKey && byIdempotencyKey.get(idempotencyKey)) || confirmPaymentIntent(decodeURIComponent(match[1]!), form);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, answer);
        // The charge is made, but the answer never arrives.
        if (losingAnswers) return res.destroy();
        return send(answer.status, answer.json);
      }
      if (req.method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname))) {
        const intentId = decodeURIComponent(match[1]!);
        // A payment's card, as a receipt reads it (latest_charge expanded): the stand-in's cards are all Visa 4242.
        const latestCharge = {
          id: `ch_for_${intentId}`,
          object: 'charge',
          payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
        };
        const intent = intents.get(intentId);
        if (intent) return send(200, intent.status === 'succeeded' ? { ...intent, latest_charge: latestCharge } : intent);
        // A checkout's payment.
        if ([...sessions.values()].some((session) => session.payment_intent === intentId))
          return send(200, { id: intentId, object: 'payment_intent', status: 'succeeded', latest_charge: latestCharge });
        return notFound(`payment_intent: '${intentId}'`);
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
  // As Stripe's: an idle kept-alive connection stays open longer than Node's 5 s (see cloud-storage-stand-in.ts).
  server.keepAliveTimeout = 120_000;
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
      const customer: FakeCustomer = { id: id('cus_test'), cards: [id('pm_test')], defaultCard: null, behaviour: new Map() };
      customers.set(customer.id, customer);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.customer = customer.id;
      session.payment_intent = id('pi_test');
      return session;
    },
    intents,
    /** From now on the bank declines the customer's current card. */
    declineCard(customerId: string) {
      const customer = customerOf(customerId);
      customer.behaviour.set(customer.defaultCard ?? customer.cards[0]!, 'declines');
    },
    /** From now on the bank asks the customer to authenticate each charge of their current card, or answers it later. */
    cardBehaves(customerId: string, behaviour: CardBehaviour) {
      const customer = customerOf(customerId);
      customer.behaviour.set(customer.defaultCard ?? customer.cards[0]!, behaviour);
    },
    /** The customer passes (or fails) their bank's check on the page next_action sent them to. */
    authenticate(intentId: string, passed: boolean) {
      const intent = intents.get(intentId);
      if (intent?.status !== 'requires_action') throw new Error(`${intentId} is not waiting for authentication`);
      intent.next_action = null;
      if (passed) succeed(intent);
      else
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: {
            code: 'payment_intent_authentication_failure',
            message: 'The customer did not authenticate.',
            payment_method: { id: intent.payment_method },
          },
        });
      return intent;
    },
    /** The bank answers a processing charge. */
    settle(intentId: string, paid: boolean) {
      const intent = intents.get(intentId);
      if (intent?.status !== 'processing') throw new Error(`${intentId} is not processing`);
      if (paid) succeed(intent);
      else
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', message: 'Your card was declined.', payment_method: { id: intent.payment_method } },
        });
      return intent;
    },
    /** Confirmations are made but their answers lost (true) or heard again (false). */
    loseAnswers(losing: boolean) {
      losingAnswers = losing;
    },
    /** Stripe keeps idempotency keys about a day: after that, a repeated key is a new request. */
    forgetIdempotencyKeys() {
      byIdempotencyKey.clear();
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
