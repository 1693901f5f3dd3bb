import { escapeHtml } from '@blooms/shared/contract/html';
import { BRAND_NAME, type SiteContact } from '@blooms/shared/contract/site';

export const BRAND_COLOUR = '#8a3b57';
const TEXT = '#2b2622';
const MUTED = '#5e554d';

/** A label and its value, one row of an e-mail's table. */
export interface MailRow {
  label: string;
  value: string;
}

/** How the e-mails with the brand's layout close: how to reach us, signed. */
export const contactSentence = (site: SiteContact) => `Questions? E-mail ${site.contactEmail} or call ${site.phone}.`;
export const CLOSING = ['With love,', BRAND_NAME];

/**
 * The plain-text part, to match the HTML: greeting, opening, rows, more paragraphs (`after`), how
 * to reach us, signed, and (unless `address` is false) the business's name and street address.
 */
export function brandedText(mail: {
  greeting: string;
  intro: string;
  rows: MailRow[];
  after: string[];
  site: SiteContact;
  address?: boolean;
}) {
  const { site } = mail;
  const rows = mail.rows.map(({ label, value }) => `${label}: ${value}`);
  const footer = mail.address === false ? [] : ['', `${BRAND_NAME}, ${site.streetAddress}`];
  return [
    `Hi ${mail.greeting},`,
    '',
    mail.intro,
    '',
    ...rows,
    '',
    ...mail.after,
    '',
    contactSentence(site),
    '',
    ...CLOSING,
    ...footer,
  ].join('\n');
}

/**
 * The brand's e-mail: the name as its logo, a greeting and an opening, a table of rows, more
 * paragraphs (already HTML), how to reach us, and the business's name and street address. A
 * 600 px table with inline styles, which mail clients render alike.
 */
export function brandedHtml(mail: {
  title: string;
  greeting: string;
  intro: string;
  rows: MailRow[];
  /** Paragraphs after the rows, as HTML (escaped by the caller). */
  after: string[];
  site: SiteContact;
}): string {
  const { site } = mail;
  const rows = mail.rows
    .map(
      ({ label, value }) =>
        `<tr><td style="padding:8px 0;border-top:1px solid #eadfd3;vertical-align:top;width:34%;color:${MUTED};font-size:14px">${escapeHtml(label)}</td>` +
        `<td style="padding:8px 0 8px 12px;border-top:1px solid #eadfd3;vertical-align:top;font-size:16px">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const paragraphs = [
    ...mail.after,
    `Questions? E-mail <a href="mailto:${escapeHtml(site.contactEmail)}" style="color:${BRAND_COLOUR}">${escapeHtml(site.contactEmail)}</a> or call ${escapeHtml(site.phone)}.`,
  ]
    .map((html) => `<p style="margin:0 0 16px">${html}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(mail.title)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f6f1ea"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;font-family:Georgia,'Times New Roman',serif;color:${TEXT};line-height:1.5">
<tr><td style="padding:24px 24px 8px;font-size:22px;font-weight:bold;color:${BRAND_COLOUR}">${escapeHtml(BRAND_NAME)}</td></tr>
<tr><td style="padding:0 24px;font-size:16px"><p style="margin:0 0 8px">Hi ${escapeHtml(mail.greeting)},</p><p style="margin:0 0 16px">${escapeHtml(mail.intro)}</p></td></tr>
<tr><td style="padding:0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table></td></tr>
<tr><td style="padding:16px 24px 0;font-size:16px">${paragraphs}
<p style="margin:0 0 24px">${CLOSING.map(escapeHtml).join('<br>')}</p></td></tr>
</table>
<p style="margin:16px 0 0;font-family:Arial,sans-serif;font-size:12px;color:${MUTED}">${escapeHtml(BRAND_NAME)} · ${escapeHtml(site.streetAddress)}</p>
</td></tr></table>
</body></html>`;
}
