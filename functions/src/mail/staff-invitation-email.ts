import { escapeHtml } from '@blooms/shared/contract/html';
import { personName } from '@blooms/shared/contract/people';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { SiteContact } from '@blooms/shared/contract/site';
import { STAFF_INVITATION } from '@blooms/shared/contract/users';
import type { OutgoingMail } from './mailer';

/**
 * The e-mail a new staff member gets when an admin adds them: who added them, and a link to the
 * staff sign-in page for their address (staff sign in with Google, so it carries no token).
 */
export function staffInvitationEmail(
  user: Pick<UserRecord, 'name' | 'email' | 'role'>,
  inviter: Pick<UserRecord, 'name' | 'email'>,
  loginUrl: string,
  site: Pick<SiteContact, 'contactEmail' | 'phone'>,
): OutgoingMail {
  const greeting = `Hi ${personName(user)},`;
  const lead = STAFF_INVITATION.lead(personName(inviter), user.role);
  const how = STAFF_INVITATION.how(user.email);
  const contact = `Questions? E-mail ${site.contactEmail} or call ${site.phone}.`;
  const text = [greeting, '', lead, how, `${STAFF_INVITATION.linkText}: ${loginUrl}`, '', contact, '', 'Monthly Blooms'].join('\n');
  const paragraph = (html: string) => `<p style="margin: 0 0 8px">${html}</p>`;
  const link = `<a href="${escapeHtml(loginUrl)}" style="color: #8a3b57">${escapeHtml(STAFF_INVITATION.linkText)}</a>`;
  const html = `<!doctype html><html lang="en"><body style="font-family: Georgia, serif; color: #2b2622; line-height: 1.5">${[
    escapeHtml(greeting),
    escapeHtml(lead),
    `${escapeHtml(how)} ${link}`,
    escapeHtml(contact),
    'Monthly Blooms',
  ]
    .map(paragraph)
    .join('')}</body></html>`;
  return { to: { name: user.name, address: user.email }, subject: STAFF_INVITATION.subject, text, html };
}
