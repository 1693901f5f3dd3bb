import { CHARGE_CONFIRMATION_PATH } from '@blooms/shared/contract/charge-confirmation';
import { escapeHtml } from '@blooms/shared/contract/html';
import { ACCOUNT_LINK_LABEL } from '@blooms/shared/contract/routes';
import { ACCOUNT_CHANGES, type SiteContact } from '@blooms/shared/contract/site';
import { isGift, payerOf } from '@blooms/shared/contract/subscriber';
import { CLOSING, contactSentence } from './branded-layout';
import type { OutgoingMail } from './mailer';

/** Where e-mails send a subscriber to manage their subscription, and who to ask. */
export interface MailSite extends SiteContact {
  /** The account page's absolute address, e.g. https://monthlyblooms.example/account. */
  accountUrl: string;
}

/** The absolute address of the page where the payer confirms one charge the bank asked about. */
export const chargeConfirmationUrl = (site: MailSite, token: string) =>
  `${new URL(site.accountUrl).origin}${CHARGE_CONFIRMATION_PATH}/${token}`;

/** A line of a plain e-mail: text, or a link with its words (the plain-text part shows both). */
export type Line = string | { text: string; href: string };

const asText = (line: Line) => (typeof line === 'string' ? line : `${line.text}: ${line.href}`);
const asHtml = (line: Line) =>
  typeof line === 'string' ? escapeHtml(line) : `<a href="${escapeHtml(line.href)}" style="color: #8a3b57">${escapeHtml(line.text)}</a>`;

/** Where every e-mail sends the subscriber to make a change: a real link to the account. */
export function accountPointer(site: MailSite): { text: string; html: string } {
  const lead = `${ACCOUNT_CHANGES}, go to`;
  return {
    text: `${lead} ${ACCOUNT_LINK_LABEL}: ${site.accountUrl}`,
    html: `${escapeHtml(lead)} <a href="${escapeHtml(site.accountUrl)}" style="color: #8a3b57">${escapeHtml(ACCOUNT_LINK_LABEL)}</a>.`,
  };
}

/** A short plain e-mail: greeting, what happened (with an inline image, if any), where to change it, how to reach us. */
function plainEmail(
  to: { name: string; email: string },
  greeting: string,
  subject: string,
  body: Line[],
  site: MailSite,
  image?: { cid: string; alt: string },
): OutgoingMail {
  const pointer = accountPointer(site);
  const contact = contactSentence(site);
  const text = [`Hi ${greeting},`, '', ...body.map(asText), '', pointer.text, contact, '', ...CLOSING].join('\n');
  const paragraph = (html: string) => `<p style="margin: 0 0 8px">${html}</p>`;
  const picture = image
    ? `<p style="margin: 0 0 8px"><img src="cid:${image.cid}" alt="${escapeHtml(image.alt)}" width="480" style="display: block; max-width: 100%; height: auto; border-radius: 8px"></p>`
    : '';
  const paragraphs = [`Hi ${greeting},`, ...body]
    .filter((line) => line !== '')
    .map((line) => paragraph(asHtml(line)))
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family: Georgia, serif; color: #2b2622; line-height: 1.5">${paragraphs}${picture}${paragraph(pointer.html)}${paragraph(escapeHtml(contact))}${paragraph(CLOSING.map(escapeHtml).join('<br>'))}</body></html>`;
  return { to: { name: to.name, address: to.email }, subject, text, html };
}

/** Confirms a change the subscriber made from their account (skip, pause, resume, cancel), to whoever manages it. */
export function accountChangeEmail(
  s: Parameters<typeof payerOf>[0],
  site: MailSite,
  change: { subject: string; lines: Line[]; image?: { cid: string; alt: string } },
): OutgoingMail {
  const payer = payerOf(s);
  const about = isGift(s) ? [`About your gift to ${s.firstName} ${s.lastName}:`] : [];
  return plainEmail(payer, isGift(s) ? payer.name : s.firstName, change.subject, [...about, ...change.lines], site, change.image);
}

/** The Content-ID of the door photo in the "left at the door" e-mail. */
export const DOOR_PHOTO_CID = 'door-photo';

/** The e-mail with a one-time sign-in link to the account. */
export function signInLinkEmail(email: string, link: string, site: MailSite): OutgoingMail {
  return plainEmail(
    { name: '', email },
    'there',
    'Your Monthly Blooms sign-in link',
    [
      'Open this link to sign in to your Monthly Blooms account. It works once, for one hour.',
      { text: `Sign in to ${ACCOUNT_LINK_LABEL}`, href: link },
      '',
      'If you did not ask for it, you can ignore this e-mail.',
    ],
    site,
  );
}

/** Tells whoever manages the subscription that this month's flowers were left at the door, with the driver's photo (attached by the outbox as DOOR_PHOTO_CID). */
export function leftAtDoorEmail(s: Parameters<typeof payerOf>[0], site: MailSite, monthName: string): OutgoingMail {
  const whose = isGift(s) ? 'their' : 'your';
  return accountChangeEmail(s, site, {
    subject: `Your ${monthName} flowers are at the door`,
    lines: [
      `Nobody was home, so we left the ${monthName} flowers at ${whose} door. Our driver took this photo so you know they arrived; it is in your account too.`,
    ],
    image: { cid: DOOR_PHOTO_CID, alt: `The ${monthName} flowers at the door` },
  });
}

/** Sent when the charge for a cancelled subscription's last delivery is declined: that delivery does not go out. */
export function lastDeliveryUnpaidEmail(s: Parameters<typeof payerOf>[0], site: MailSite, monthName: string): OutgoingMail {
  return accountChangeEmail(s, site, {
    subject: `Your ${monthName} delivery will not go out`,
    lines: [
      `We could not take the payment for your ${monthName} delivery, the last one before your subscription ends, so it will not go out and nothing is charged for it.`,
      'If that is a mistake, e-mail or call us before the delivery day and we will sort it out.',
    ],
  });
}

/** Sent once when a month's charge is declined and the subscription becomes past due: what happens now, and what to do. */
export function paymentFailedEmail(s: Parameters<typeof payerOf>[0], site: MailSite): OutgoingMail {
  return accountChangeEmail(s, site, {
    subject: 'Your Monthly Blooms payment did not go through',
    lines: [
      'We could not take the payment for the next Monthly Blooms delivery.',
      'Your card may have expired or been declined. Until the payment goes through, we hold the deliveries; nothing is lost, and the plan stays as it is.',
      'Your card is tried again once a day until the delivery day. To use another card, sign in to your account (below) and choose Update card.',
    ],
  });
}

/** Sent once when the bank asks the payer to confirm a month's charge: the link is where they do it (services/billing.ts). */
export function paymentAuthenticationEmail(
  s: Parameters<typeof payerOf>[0],
  site: MailSite,
  monthName: string,
  confirmUrl: string,
): OutgoingMail {
  return accountChangeEmail(s, site, {
    subject: 'Please confirm your Monthly Blooms payment',
    lines: [
      `Your bank asks you to confirm the payment for the ${monthName} Monthly Blooms delivery before it goes through.`,
      'Until you do, we hold the deliveries and do not try the card again; nothing is lost, and the plan stays as it is.',
      { text: 'Confirm the payment', href: confirmUrl },
    ],
  });
}

/** Sent once, when a gift of a set number of deliveries has made its last: it has ended, and how to continue it. */
export function giftEndedEmail(
  s: Parameters<typeof payerOf>[0] & { id: string; giftDeliveries: number },
  site: MailSite,
  lastMonthName: string,
): OutgoingMail {
  const recipient = `${s.firstName} ${s.lastName}`;
  return accountChangeEmail(s, site, {
    subject: `Your gift to ${recipient} has ended`,
    lines: [
      `The ${lastMonthName} flowers were the last of the ${s.giftDeliveries} deliveries you gave ${s.firstName}, so the gift has ended and nothing more is delivered or charged.`,
      `Would you like to continue it? Your account has the gift ready to give again, with ${s.firstName}’s address filled in.`,
      { text: 'Continue the gift', href: `${site.accountUrl}?continue=${encodeURIComponent(s.id)}` },
    ],
  });
}
