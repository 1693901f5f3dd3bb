import { escapeHtml } from '@blooms/shared/contract/html';
import { orderLines, type OrderSummary } from '@blooms/shared/contract/order';
import { accountPointer, type MailSite } from './account-change-email';
import { isGift, payerOf, type Subscriber } from '@blooms/shared/contract/subscriber';
import type { OutgoingMail } from './mailer';

const BRAND = '#8a3b57';
const TEXT = '#2b2622';
const MUTED = '#5e554d';

/**
 * The confirmation e-mail: what was bought, when it first arrives, what is charged, how to
 * skip, pause or cancel, and how to reach us. The HTML is a 600 px table with inline styles,
 * which mail clients render alike; the plain-text part says the same.
 */
export function confirmationEmail(s: Subscriber, site: MailSite, order: OrderSummary): OutgoingMail {
  const lines = orderLines(order);
  const account = accountPointer(site);
  const payer = payerOf(s);
  const greeting = isGift(s) ? payer.name : s.firstName;
  const intro = isGift(s)
    ? `Thank you for your gift of Monthly Blooms to ${s.firstName} ${s.lastName}! We will not write to them before their first delivery, so the surprise is yours.`
    : 'Thank you for subscribing to Monthly Blooms!';
  const vase =
    'Your first delivery comes with a vase. Each month we swap it for a fresh arrangement and take the old vase back, no cleaning needed. If nobody is home, we leave the flowers at the door.';
  const text = [
    `Hi ${greeting},`,
    '',
    intro,
    '',
    ...lines.map(({ label, value }) => `${label}: ${value}`),
    '',
    vase,
    '',
    account.text,
    '',
    `Questions? E-mail ${site.contactEmail} or call ${site.phone}.`,
    '',
    'With love,',
    'Monthly Blooms',
  ].join('\n');

  const rows = lines
    .map(
      ({ label, value }) =>
        `<tr><td style="padding:8px 0;border-top:1px solid #eadfd3;vertical-align:top;width:34%;color:${MUTED};font-size:14px">${escapeHtml(label)}</td>` +
        `<td style="padding:8px 0 8px 12px;border-top:1px solid #eadfd3;vertical-align:top;font-size:16px">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your Monthly Blooms subscription is confirmed</title></head>
<body style="margin:0;padding:0;background:#f6f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f6f1ea"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;font-family:Georgia,'Times New Roman',serif;color:${TEXT};line-height:1.5">
<tr><td style="padding:24px 24px 8px;font-size:22px;font-weight:bold;color:${BRAND}">Monthly Blooms</td></tr>
<tr><td style="padding:0 24px;font-size:16px"><p style="margin:0 0 8px">Hi ${escapeHtml(greeting)},</p><p style="margin:0 0 16px">${escapeHtml(intro)}</p></td></tr>
<tr><td style="padding:0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table></td></tr>
<tr><td style="padding:16px 24px 0;font-size:16px"><p style="margin:0 0 16px">${escapeHtml(vase)}</p>
<p style="margin:0 0 16px">${account.html}</p>
<p style="margin:0 0 16px">Questions? E-mail <a href="mailto:${escapeHtml(site.contactEmail)}" style="color:${BRAND}">${escapeHtml(site.contactEmail)}</a> or call ${escapeHtml(site.phone)}.</p>
<p style="margin:0 0 24px">With love,<br>Monthly Blooms</p></td></tr>
</table>
<p style="margin:16px 0 0;font-family:Arial,sans-serif;font-size:12px;color:${MUTED}">${escapeHtml(site.streetAddress)}</p>
</td></tr></table>
</body></html>`;
  // A gift's receipt goes to the buyer; the recipient is not e-mailed before the first delivery.
  return { to: { name: payer.name, address: payer.email }, subject: 'Your Monthly Blooms subscription is confirmed', text, html };
}
