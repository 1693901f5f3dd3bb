import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { CHARGE_CONFIRMATION_MESSAGES as SAY, CHARGE_CONFIRMATION_PATH } from '@blooms/shared/contract/charge-confirmation';
import { escapeHtml } from '@blooms/shared/contract/html';
import { formatMonth } from '@blooms/shared/contract/months';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { deliveryDateOf } from '../../read-models/delivery-dates';
import type { Db } from '../../db/database';
import { chargeAttempts, subscriptions } from '../../db/schema';
import type { MailSite } from '../../mail/account-change-email';
import type { PaymentProvider } from '../../payments/provider';
import { settleChargeTry, type ChargeTry } from '../../services/billing';
import { deliversOncePaid } from '../../domain/lifecycle';
import type { PublicScope } from '../access';
import { TEST_CHECKOUT_PATH } from '../paths';

export interface ChargeConfirmationDeps {
  db: Db;
  provider: PaymentProvider;
  site: MailSite;
  clock: () => Date;
  origin: (request: FastifyRequest) => string;
  /** E-mails the receipt of a charge that went through. */
  sendReceipts: () => Promise<void>;
}

/** A plain page of ours, like the test checkout: no script, so the site's Content-Security-Policy holds as it is. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Monthly Blooms</title><link rel="icon" href="/favicon.svg">
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f1ea;color:#2b2622}
.banner{background:#6b4e00;color:#fff;text-align:center;padding:8px;font-weight:600;border-radius:8px;margin-top:0}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin-top:0}
button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;padding:.8rem;border-radius:999px;font:inherit;font-weight:600;margin-top:.6rem}
button{background:#8a3b57;color:#fff;border:0;cursor:pointer}button.secondary,a.button{background:#fff;color:#8a3b57;border:2px solid #8a3b57;text-decoration:none}
</style></head><body>
${body}
</body></html>`;
}

/**
 * The page the "Please confirm your payment" e-mail links to (/payment/confirm/{token}): it
 * looks the charge up and says where it stands; while the bank waits for the subscriber, its
 * button sends them to the provider's own authentication (Stripe's page for the bank's check,
 * or the test provider's stand-in), which comes back here, and what became of the charge is
 * applied at once: paid, the delivery is no longer held. The token is the charge's own,
 * made when the bank asked; nothing else is reachable from it.
 */
export function registerChargeConfirmationRoutes(app: PublicScope, deps: ChargeConfirmationDeps) {
  const { db, provider } = deps;
  const findTry = async (token: string): Promise<ChargeTry | null> =>
    (await db.select().from(chargeAttempts).where(eq(chargeAttempts.authenticationToken, token)))[0] ?? null;

  /** Asks the provider what became of a charge still waiting, and applies it; the try as it now stands. */
  async function refreshed(tried: ChargeTry): Promise<ChargeTry['outcome']> {
    if (tried.outcome !== 'needs-authentication' && tried.outcome !== 'processing') return tried.outcome;
    if (!tried.providerRef) return tried.outcome;
    const outcome = await settleChargeTry(db, tried, await provider.chargeOutcome(tried.providerRef), deps.clock(), deps.site);
    if (outcome === 'paid') await deps.sendReceipts();
    return outcome;
  }

  /**
   * Why the charge can no longer be confirmed, or null while it can: its delivery day has passed
   * (held, that month was not delivered), or its month no longer delivers (the subscription was
   * cancelled since). Either way it is not charged: money taken then would pay for no delivery.
   */
  async function closedBecause(tried: ChargeTry): Promise<string | null> {
    if ((await deliveryDateOf(db, tried.month)).date < studioDate(deps.clock())) return SAY.expired;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, tried.subscriptionId));
    return row && deliversOncePaid(row, tried.month) ? null : SAY.notDelivered;
  }

  const send = (reply: import('fastify').FastifyReply, status: number, html: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get<{ Params: { token: string } }>(`${CHARGE_CONFIRMATION_PATH}/:token`, async (request, reply) => {
    const tried = await findTry(request.params.token);
    if (!tried) return send(reply, 404, page('Payment', `<main><h1>Payment</h1><p>${escapeHtml(SAY.unknown)}</p></main>`));
    let outcome: ChargeTry['outcome'];
    try {
      outcome = await refreshed(tried);
    } catch (error) {
      request.log.error({ err: error, attempt: tried.id }, 'charge confirmation: the provider did not answer');
      return send(reply, 503, page('Payment', `<main><h1>Payment</h1><p>${escapeHtml(SAY.unreachable)}</p></main>`));
    }
    const heading = `Your ${formatMonth(tried.month)} delivery`;
    const closed = outcome === 'needs-authentication' ? await closedBecause(tried) : null;
    if (closed)
      return send(reply, 200, page('Payment', `<main><h1>${escapeHtml(heading)}</h1><p role="status">${escapeHtml(closed)}</p></main>`));
    const account = `<a class="button" href="${escapeHtml(deps.site.accountUrl)}">Go to your account</a>`;
    const message =
      outcome === 'paid'
        ? `<p role="status">${escapeHtml(SAY.paid)}</p>${account}`
        : outcome === 'processing'
          ? `<p role="status">${escapeHtml(SAY.processing)}</p>${account}`
          : outcome === 'declined'
            ? `<p role="status">${escapeHtml(SAY.declined)}</p>${account}`
            : `<p>${escapeHtml(SAY.waiting)}</p>
<form method="post" action="${CHARGE_CONFIRMATION_PATH}/${escapeHtml(request.params.token)}"><button type="submit">${escapeHtml(SAY.button)}</button></form>`;
    return send(reply, 200, page('Confirm your payment', `<main><h1>${escapeHtml(heading)}</h1>${message}</main>`));
  });

  void app.register(async (scope) => {
    // The button is a plain HTML form; its (empty) body carries nothing we need.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
    scope.post<{ Params: { token: string } }>(`${CHARGE_CONFIRMATION_PATH}/:token`, async (request, reply) => {
      const here = `${CHARGE_CONFIRMATION_PATH}/${encodeURIComponent(request.params.token)}`;
      const tried = await findTry(request.params.token);
      // Nothing to confirm, or no longer (its delivery day passed, or the month no longer delivers): not charged.
      if (!tried?.providerRef || tried.outcome !== 'needs-authentication' || (await closedBecause(tried))) return reply.redirect(here, 303);
      try {
        const step = await provider.authenticationStep(tried.providerRef, `${deps.origin(request)}${here}`);
        if ('url' in step) return reply.redirect(step.url, 303);
        if ((await settleChargeTry(db, tried, step, deps.clock(), deps.site)) === 'paid') await deps.sendReceipts();
      } catch (error) {
        request.log.error({ err: error, attempt: tried.id }, 'charge confirmation: the provider did not answer');
      }
      return reply.redirect(here, 303);
    });
  });

  if (provider.test) registerTestAuthentication(app, provider.test, findTry);
}

/**
 * The test provider's stand-in for the bank's authentication page: complete it or fail it, then
 * back to the confirmation page. Like a bank's page, reached only from the charge's confirmation
 * link: it acts only when the page it returns to is that charge's own (its token), so nobody
 * without the link completes or fails someone's charge.
 */
function registerTestAuthentication(
  app: PublicScope,
  test: NonNullable<PaymentProvider['test']>,
  findTry: (token: string) => Promise<ChargeTry | null>,
) {
  /** The confirmation page of the charge `ref` to go back to, or null when `returnUrl` is not that charge's. */
  const backTo = async (ref: string, returnUrl: unknown): Promise<string | null> => {
    const path = typeof returnUrl === 'string' ? new URL(returnUrl, 'http://site').pathname : '';
    if (!path.startsWith(`${CHARGE_CONFIRMATION_PATH}/`)) return null;
    const tried = await findTry(decodeURIComponent(path.slice(CHARGE_CONFIRMATION_PATH.length + 1)));
    return tried?.providerRef === ref ? path : null;
  };
  app.get<{ Params: { ref: string }; Querystring: { return?: string } }>(
    `${TEST_CHECKOUT_PATH}/authenticate/:ref`,
    async (request, reply) => {
      const back = await backTo(request.params.ref, request.query.return);
      if (!back)
        return reply.code(404).type('text/html; charset=utf-8').send(page('Test bank', '<main><p>This link is not complete.</p></main>'));
      const action = (outcome: string) =>
        `${TEST_CHECKOUT_PATH}/authenticate/${encodeURIComponent(request.params.ref)}/${outcome}?return=${encodeURIComponent(back)}`;
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Test bank',
            `<main><p class="banner" role="note">TEST MODE: this page stands in for the bank's check (3-D Secure).</p><h1>Confirm the payment</h1><p>Your bank asks you to confirm a payment of $99.00 to Monthly Blooms.</p>
<form method="post" action="${escapeHtml(action('complete'))}"><button type="submit">Complete authentication</button></form>
<form method="post" action="${escapeHtml(action('fail'))}"><button type="submit" class="secondary">Fail authentication</button></form></main>`,
          ),
        );
    },
  );
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));
    scope.post<{ Params: { ref: string; outcome: string }; Querystring: { return?: string } }>(
      `${TEST_CHECKOUT_PATH}/authenticate/:ref/:outcome`,
      async (request, reply) => {
        const back = await backTo(request.params.ref, request.query.return);
        if (!back || (request.params.outcome !== 'complete' && request.params.outcome !== 'fail'))
          return reply.code(404).type('text/html; charset=utf-8').send(page('Test bank', '<main><p>This link is not complete.</p></main>'));
        test.authenticate(request.params.ref, request.params.outcome === 'complete');
        return reply.redirect(back, 303);
      },
    );
  });
}
