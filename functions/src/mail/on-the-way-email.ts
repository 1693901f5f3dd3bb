import { escapeHtml } from '@blooms/shared/contract/html';
import { BRAND_NAME } from '@blooms/shared/contract/site';
import { BRAND_COLOUR, brandedHtml, brandedText, type MailRow } from './branded-layout';
import type { MailSite } from './account-change-email';
import type { OutgoingMail } from './mailer';

/**
 * The delivery-day notice that a stop is out for delivery, to the person the flowers go to: the
 * day, the driver's first name and the tracking link, in the brand's layout and as plain text.
 */
export function onTheWayEmail(
  to: { firstName: string; lastName: string; email: string },
  site: MailSite,
  facts: { day: string; driverFirstName: string | null; trackUrl: string; until: string },
): OutgoingMail {
  const subject = `Your ${BRAND_NAME} flowers are on the way`;
  const driver = facts.driverFirstName ?? 'Our driver';
  const intro = `${driver} has set out with your flowers today. Follow the delivery on its tracking page: it shows how many stops come before yours and an estimated time.`;
  const rows: MailRow[] = [
    { label: 'Delivery day', value: facts.day },
    { label: 'Driver', value: facts.driverFirstName ?? 'Our driver' },
  ];
  const linkNote = `The link works until ${facts.until}.`;
  const text = brandedText({ greeting: to.firstName, intro, rows, after: [`Track your delivery: ${facts.trackUrl}`, linkNote], site });
  const button = `<a href="${escapeHtml(facts.trackUrl)}" style="display:inline-block;padding:10px 18px;background:${BRAND_COLOUR};color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Track your delivery</a>`;
  const html = brandedHtml({ title: subject, greeting: to.firstName, intro, rows, after: [button, escapeHtml(linkNote)], site });
  return { to: { name: `${to.firstName} ${to.lastName}`, address: to.email }, subject, text, html };
}
