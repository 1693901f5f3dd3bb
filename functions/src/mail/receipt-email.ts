import { escapeHtml } from '@blooms/shared/contract/html';
import { receiptRows, receiptThanks, type ReceiptFacts } from '@blooms/shared/contract/receipts';
import { BRAND_NAME } from '@blooms/shared/contract/site';
import { isGift, payerOf } from '@blooms/shared/contract/subscriber';
import { accountPointer, type MailSite } from './account-change-email';
import { brandedHtml, brandedText } from './branded-layout';
import type { OutgoingMail } from './mailer';

const WHERE_RECEIPTS_ARE = 'Your receipts are also in your account, under Payments, each with a page to print.';

/**
 * A payment's receipt, to whoever pays: what was charged, when, with which card, for which
 * deliveries (and a gift's plan and recipient), in the brand's layout and as plain text.
 */
export function receiptEmail(s: Parameters<typeof payerOf>[0], site: MailSite, receipt: ReceiptFacts, plan: string): OutgoingMail {
  const payer = payerOf(s);
  const greeting = isGift(s) ? payer.name : s.firstName;
  const rows = receiptRows(receipt, plan, isGift(s) ? `${s.firstName} ${s.lastName}` : null);
  const subject = `Your ${BRAND_NAME} receipt ${receipt.number}: ${receipt.amount}`;
  const intro = receiptThanks(receipt);
  const account = accountPointer(site);
  const text = brandedText({ greeting, intro, rows, after: [WHERE_RECEIPTS_ARE, account.text], site });
  const html = brandedHtml({ title: subject, greeting, intro, rows, after: [escapeHtml(WHERE_RECEIPTS_ARE), account.html], site });
  return { to: { name: payer.name, address: payer.email }, subject, text, html };
}
