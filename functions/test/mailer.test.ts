import { smtpMailer } from '../src/mail/mailer';
import { startSmtpServer } from './support/smtp';

describe('the SMTP mailer', () => {
  it('sends to exactly the one address it is given, whatever the name holds', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp.url, 'Monthly Blooms <hello@blooms.example>');
      // A name that a mail library parsing strings would read as two more recipients.
      await mailer.send({ to: { name: 'Jane, victim@elsewhere.test <x@evil.test>', address: 'jane@example.com' }, subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['jane@example.com']);
    } finally {
      await smtp.close();
    }
  });
});
