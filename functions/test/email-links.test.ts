import { confirmationEmail } from '../src/mail/confirmation-email';
import {
  accountChangeEmail,
  lastDeliveryUnpaidEmail,
  leftAtDoorEmail,
  paymentFailedEmail,
  signInLinkEmail,
  type MailSite,
} from '../src/mail/account-change-email';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import { aSubscriber } from './support/fixtures';
import { claimsOutsideTheContract } from '@blooms/shared/contract/site-claims';
import type { OutgoingMail } from '../src/mail/mailer';

const SITE: MailSite = { ...DEFAULT_SITE_CONTACT, accountUrl: 'https://blooms.example/account' };
const SUBSCRIBER = aSubscriber({ firstName: 'Rosa', lastName: 'Diaz', email: 'rosa@example.com' });

const EMAILS: Record<string, OutgoingMail> = {
  confirmation: confirmationEmail(SUBSCRIBER, SITE, {
    firstName: 'Rosa',
    plan: 'yearly',
    months: SUBSCRIBER.months,
    deliverTo: '1 Main St, Salt Lake City, UT 84101',
    firstDelivery: { month: '2026-12', date: '2026-12-10' },
    gift: null,
    payments: 'local',
  }),
  'account change': accountChangeEmail(SUBSCRIBER, SITE, { subject: 'You skipped May', lines: ['You skipped May.'] }),
  'sign-in link': signInLinkEmail('rosa@example.com', 'https://blooms.example/account?oobCode=abc&mode=signIn', SITE),
  'left at the door': leftAtDoorEmail(SUBSCRIBER, SITE, 'May'),
  'last delivery unpaid': lastDeliveryUnpaidEmail(SUBSCRIBER, SITE, 'May'),
  'payment failed': paymentFailedEmail(SUBSCRIBER, SITE),
};

describe('every e-mail leads to the account, and says only what the contract holds', () => {
  it.each(Object.keys(EMAILS))('the %s e-mail links to My subscription at the site’s own address, in HTML and in plain text', (name) => {
    const mail = EMAILS[name]!;
    expect(mail.html).toContain('<a href="https://blooms.example/account" style="color: #8a3b57">My subscription</a>');
    expect(mail.text).toContain('go to My subscription: https://blooms.example/account');
  });

  it.each(Object.keys(EMAILS))('the %s e-mail states no price, notice or rule the contract does not hold', (name) => {
    expect(claimsOutsideTheContract(EMAILS[name]!.text)).toEqual([]);
  });

  it('the sign-in link is a link in the HTML, with the one-time code intact', () => {
    const mail = EMAILS['sign-in link']!;
    expect(mail.html).toContain(
      '<a href="https://blooms.example/account?oobCode=abc&amp;mode=signIn" style="color: #8a3b57">Sign in to My subscription</a>',
    );
    expect(mail.text).toContain('Sign in to My subscription: https://blooms.example/account?oobCode=abc&mode=signIn');
  });
});
