import { FAILED_REASON_LABELS, nextStepText, type FailedDeliveryPolicy, type FailedReason } from '@blooms/shared/contract/failed-attempts';
import { formatDeliveryDate, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { BRAND_NAME } from '@blooms/shared/contract/site';
import { accountPointer, type MailSite } from './account-change-email';
import { brandedHtml, brandedText } from './branded-layout';
import type { OutgoingMail } from './mailer';

/**
 * Tells the person at the address that today's flowers could not be delivered: why, and what
 * happens next as the studio chose it (another try the next day, or pick up at the studio by a
 * day, with its address). In the brand's layout and as plain text.
 */
export function failedAttemptEmail(
  s: { firstName: string; lastName: string; email: string },
  site: MailSite,
  attempt: { reason: FailedReason; deliveryDate: IsoDate; policy: FailedDeliveryPolicy },
): OutgoingMail {
  const subject = `We could not deliver your ${BRAND_NAME} flowers today`;
  const intro = `Our driver came by on ${formatDeliveryDate(attempt.deliveryDate)} but could not deliver your flowers.`;
  const rows = [
    { label: 'Why', value: FAILED_REASON_LABELS[attempt.reason] },
    { label: 'What happens next', value: nextStepText(attempt.policy, attempt.deliveryDate, site.streetAddress) },
  ];
  const account = accountPointer(site);
  const text = brandedText({ greeting: s.firstName, intro, rows, after: [account.text], site });
  const html = brandedHtml({ title: subject, greeting: s.firstName, intro, rows, after: [account.html], site });
  return { to: { name: `${s.firstName} ${s.lastName}`, address: s.email }, subject, text, html };
}
