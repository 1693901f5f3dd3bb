import { formatPrice, PRICE_PER_MONTH_USD, SKIP_NOTICE_DAYS, type SiteContact } from '@blooms/shared/contract/site';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { escapeHtml } from '@blooms/shared/contract/html';
import type { Subscriber } from '@blooms/shared/contract/subscriber';
import type { OutgoingMail } from './mailer';

/** The confirmation e-mail: what was bought, which months, where, and how to reach us. */
export function confirmationEmail(s: Subscriber, site: SiteContact): OutgoingMail {
  const months = s.plan === 'yearly' ? 'every month of the year' : s.months.map((m) => MONTH_NAMES[m - 1]).join(', ');
  const where = [s.address, s.unit, `${s.city}, ${s.state} ${s.zip}`].filter(Boolean).join(', ');
  const lines = [
    `Hi ${s.firstName},`,
    '',
    'Thank you for subscribing to Monthly Blooms!',
    '',
    `What you bought: a hand-made seasonal arrangement in a vase, hand-delivered, for ${formatPrice(PRICE_PER_MONTH_USD)} per month (${s.plan === 'yearly' ? 'yearly plan' : 'custom plan'}).`,
    `Months: ${months}.`,
    `Delivering to: ${where}.`,
    '',
    'Your first delivery comes with a vase. Each month we swap it for a fresh arrangement and take the old vase back, no cleaning needed. If nobody is home, we leave the flowers at the door.',
    `To skip or pause a delivery, tell us at least ${SKIP_NOTICE_DAYS} days before it. You can cancel any time before your next billing cycle.`,
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
  return { to: { name: `${s.firstName} ${s.lastName}`, address: s.email }, subject: 'Your Monthly Blooms subscription is confirmed', text, html };
}
