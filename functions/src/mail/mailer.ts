import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One recipient, given to the mail library whole: it never parses a string into addresses. */
export interface Recipient {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: Recipient;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>;
}

/** Real delivery through an SMTP server, e.g. smtp://user:pass@smtp.example.com:587. */
export function smtpMailer(url: string, from: string): Mailer {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // smtp+insecure://host:port talks plain SMTP (local catchers and test servers).
    ignoreTLS: parsed.protocol === 'smtp+insecure:',
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** The local default: each message is written, complete, as an .eml file into a folder. */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.address.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
