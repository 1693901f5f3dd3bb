import { checkoutAmountCents, deliveriesText, giftDeliveriesOf, GIFT_PREPAID_RULE, isPrepaidGift } from '@blooms/shared/contract/gifts';
import { escapeHtml } from '@blooms/shared/contract/html';
import { monthList } from '@blooms/shared/contract/months';
import { deliverToLine } from '@blooms/shared/contract/order';
import { LATER_CHARGES, MONEY_RULE, PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import { CHECKOUT_CANCEL_PATH } from '@blooms/shared/contract/subscribe';
import type { CheckoutSessionRow } from '../../db/schema';
import type { TestChargeOutcome } from '../../payments/provider';
import { TEST_CHECKOUT_PATH } from '../paths';

/**
 * What the test checkout's billing controls make happen at once: the next delivery's charge,
 * made as the billing worker makes it on its charge date, with the test bank answering so.
 */
export const TEST_BILLING: Record<string, { label: string; outcome: TestChargeOutcome }> = {
  renew: { label: 'Charge the next delivery now: the payment goes through', outcome: 'paid' },
  fail: { label: 'Charge the next delivery now: the card is declined', outcome: 'declined' },
  authenticate: { label: 'Charge the next delivery now: the bank asks the subscriber to authenticate', outcome: 'needs-authentication' },
  processing: { label: 'Charge the next delivery now: the bank answers later (processing)', outcome: 'processing' },
  unknown: { label: 'Charge the next delivery now: the answer is lost (outcome unknown)', outcome: 'unknown' },
};

/**
 * The built-in test checkout's page: looks like a hosted checkout, clearly in test mode. Once
 * paid, it shows the subscription's status, the link of a charge waiting for authentication,
 * and the Test billing controls.
 */
export function testCheckoutPage(session: CheckoutSessionRow, status: string, authenticationLink: string | null): string {
  const p = session.subscriber;
  const months = p.plan === 'yearly' ? 'Every month' : monthList(p.months);
  const where = deliverToLine(p);
  const cents = checkoutAmountCents(p);
  const price = `$${(cents / 100).toFixed(2)}`;
  const forWhat =
    cents === PRICE_PER_MONTH_USD * 100 ? 'for your first delivery' : `for all ${deliveriesText(giftDeliveriesOf(p))} of the gift`;
  const paid = session.status === 'paid';
  const confirmation = `/confirmation?session_id=${encodeURIComponent(session.id)}`;
  return `<!doctype html>
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
<p>What the payment provider would do later. The subscription is now: <strong>${escapeHtml(status)}</strong>.</p>
${authenticationLink ? `<p>The payer was e-mailed a link to confirm the payment: <a href="${escapeHtml(authenticationLink)}">open it here</a>.</p>` : ''}
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
</main></body></html>`;
}
