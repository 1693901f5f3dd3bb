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
  /** Set once paid, as Stripe sets them when a subscription-mode checkout completes. */
  customer: string | null;
  subscription: string | null;
}

/** A local stand-in for the part of Stripe's HTTP API this product uses. */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const requests: { method: string; path: string; body: string; form: URLSearchParams; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({ method: req.method ?? '', path: url.pathname, body, form: new URLSearchParams(body), auth: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: 'unpaid',
          status: 'open',
          customer_email: form.get('customer_email') ?? '',
          client_reference_id: form.get('client_reference_id') ?? '',
          success_url: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: form.get('cancel_url') ?? '',
          mode: form.get('mode') ?? '',
          customer: null,
          subscription: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${match[1]}'` } });
        return send(200, session);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    pay(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.customer = `cus_test_${randomBytes(6).toString('hex')}`;
      session.subscription = `sub_test_${randomBytes(6).toString('hex')}`;
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
