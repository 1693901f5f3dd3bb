import { escapeHtml } from '@blooms/shared/contract/html';
import { orderLines, type OrderSummary } from '@blooms/shared/contract/order';
import { accountPointer, type MailSite } from './account-change-email';
import { brandedHtml, brandedText } from './branded-layout';
import { isGift, payerOf, type Subscriber } from '@blooms/shared/contract/subscriber';
import type { OutgoingMail } from './mailer';

const SUBJECT = 'Your Monthly Blooms subscription is confirmed';

/**
 * The confirmation e-mail: what was bought, when it first arrives, what is charged, how to
 * skip, pause or cancel, and how to reach us. The plain-text part says what the HTML does.
 */
export function confirmationEmail(s: Subscriber, site: MailSite, order: OrderSummary): OutgoingMail {
  const rows = orderLines(order);
  const account = accountPointer(site);
  const payer = payerOf(s);
  const greeting = isGift(s) ? payer.name : s.firstName;
  const intro = isGift(s)
    ? `Thank you for your gift of Monthly Blooms to ${s.firstName} ${s.lastName}! We will not write to them before their first delivery, so the surprise is yours.`
    : 'Thank you for subscribing to Monthly Blooms!';
  const vase =
    'Your first delivery comes with a vase. Each month we swap it for a fresh arrangement and take the old vase back, no cleaning needed. If nobody is home, we leave the flowers at the door.';
  const text = brandedText({ greeting, intro, rows, after: [vase, '', account.text], site, address: false });
  const html = brandedHtml({ title: SUBJECT, greeting, intro, rows, after: [escapeHtml(vase), account.html], site });
  // A gift's receipt goes to the buyer; the recipient is not e-mailed before the first delivery.
  return { to: { name: payer.name, address: payer.email }, subject: SUBJECT, text, html };
}
