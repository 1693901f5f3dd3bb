import { escapeHtml } from '@blooms/shared/contract/html';
import type { SiteContact } from '@blooms/shared/contract/site';
import { isGift, payerOf } from '@blooms/shared/contract/subscriber';
import type { OutgoingMail } from './mailer';

/** Sent once when a renewal fails and the subscription becomes past due: what happens now, and what to do. */
export function paymentFailedEmail(s: Parameters<typeof payerOf>[0], site: SiteContact): OutgoingMail {
  const payer = payerOf(s);
  const lines = [
    `Hi ${isGift(s) ? payer.name : s.firstName},`,
    '',
    isGift(s) ? `We could not take this month’s payment for your gift of Monthly Blooms to ${s.firstName} ${s.lastName}.` : 'We could not take this month’s payment for your Monthly Blooms subscription.',
    'Your card may have expired or been declined. Until the payment goes through, we hold your deliveries; nothing is lost, and your plan stays as it is.',
    'Your card will be tried again automatically over the next days. To use another card now, reply to this e-mail or contact us, and we will send you a secure link.',
    '',
    `Questions? E-mail ${site.contactEmail} or call ${site.phone}.`,
    '',
    'With love,',
    'Monthly Blooms',
  ];
  const text = lines.join('\n');
  const html = `<!doctype html><html><body style="font-family: Georgia, serif; color: #2b2622; line-height: 1.5">${lines
    .map((line) => (line ? `<p style="margin: 0 0 8px">${escapeHtml(line)}</p>` : ''))
    .join('')}</body></html>`;
  return { to: { name: payer.name, address: payer.email }, subject: 'Your Monthly Blooms payment did not go through', text, html };
}
