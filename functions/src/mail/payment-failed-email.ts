import { escapeHtml } from '@blooms/shared/contract/html';
import { isGift, payerOf } from '@blooms/shared/contract/subscriber';
import type { MailSite } from './account-change-email';
import type { OutgoingMail } from './mailer';

/** Sent once when a month's charge is declined and the subscription becomes past due: what happens now, and what to do. */
export function paymentFailedEmail(s: Parameters<typeof payerOf>[0], site: MailSite): OutgoingMail {
  const payer = payerOf(s);
  const lines = [
    `Hi ${isGift(s) ? payer.name : s.firstName},`,
    '',
    isGift(s) ? `We could not take the payment for the next delivery of your gift of Monthly Blooms to ${s.firstName} ${s.lastName}.` : 'We could not take the payment for your next Monthly Blooms delivery.',
    'Your card may have expired or been declined. Until the payment goes through, we hold your deliveries; nothing is lost, and your plan stays as it is.',
    'Your card is tried again once a day until the delivery day. To use another card, sign in to your account and choose Update card:',
    site.accountUrl,
    '',
    `Questions? E-mail ${site.contactEmail} or call ${site.phone}.`,
    '',
    'With love,',
    'Monthly Blooms',
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html><body style="font-family: Georgia, serif; color: #2b2622; line-height: 1.5">${lines
    .map((line) => (line === site.accountUrl ? `<p style="margin: 0 0 8px"><a href="${escapeHtml(line)}">Open your account</a></p>` : line ? `<p style="margin: 0 0 8px">${escapeHtml(line)}</p>` : ''))
    .join('')}</body></html>`;
  return { to: { name: payer.name, address: payer.email }, subject: 'Your Monthly Blooms payment did not go through', text, html };
}
