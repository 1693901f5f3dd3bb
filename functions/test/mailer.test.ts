import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { folderMailer, smtpMailer } from '../src/mail/mailer';
import { startSmtpServer } from './support/smtp';

describe('the SMTP mailer', () => {
  it('sends to exactly the one address it is given, whatever the name holds', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp.url, 'Monthly Blooms <hello@blooms.example>');
      // A name that a mail library parsing strings would read as two more recipients.
      await mailer.send({
        to: { name: 'Jane, victim@elsewhere.test <x@evil.test>', address: 'jane@example.com' },
        subject: 'Hi',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['jane@example.com']);
    } finally {
      await smtp.close();
    }
  });
});

describe('the folder mailer', () => {
  it('writes each e-mail (a sign-in link in it) readable by its user alone, in a folder only they may open, whatever the umask', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-outbox-'));
    const umask = process.umask(0o022);
    try {
      const dir = path.join(parent, 'outbox');
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      const mailer = folderMailer(dir, 'Monthly Blooms <hello@blooms.example>');
      await mailer.send(
        { to: { name: 'Jane', address: 'jane@example.com' }, subject: 'Sign in', text: 'Your link', html: '<p>Your link</p>' },
        { messageId: '<outbox-8-1@blooms.example>' },
      );
      const files = fs.readdirSync(dir);
      expect(files.map((file) => [file, fs.statSync(path.join(dir, file)).mode & 0o777])).toEqual([
        ['_outbox-8-1@blooms.example_.eml', 0o600],
      ]);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(umask);
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('keeps one whole .eml file per Message-ID: a retry replaces it and leaves nothing else behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-outbox-'));
    try {
      const mailer = folderMailer(dir, 'Monthly Blooms <hello@blooms.example>');
      const mail = {
        to: { name: 'Jane', address: 'jane@example.com' },
        subject: 'Your flowers',
        text: 'First try',
        html: '<p>First try</p>',
      };
      await mailer.send(mail, { messageId: '<outbox-7-1@blooms.example>' });
      await mailer.send({ ...mail, text: 'Second try', html: '<p>Second try</p>' }, { messageId: '<outbox-7-1@blooms.example>' });

      const files = fs.readdirSync(dir);
      expect(files).toEqual(['_outbox-7-1@blooms.example_.eml']);
      const raw = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(raw).toContain('Second try');
      expect(raw).not.toContain('First try');
      const boundary = /boundary="([^"]+)"/.exec(raw)![1];
      expect(raw.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
