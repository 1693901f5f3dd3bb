import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import { PRIVATE_FILE, privateFolder } from '../db/private-files';

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
  /** Images the HTML shows by Content-ID (src="cid:…"). */
  attachments?: { cid: string; filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** Hands the mail to the mail server (or folder); `messageId` stays the same on every retry. */
  send: (mail: OutgoingMail, options?: { messageId?: string }) => Promise<void>;
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
    async send(mail, options) {
      await transport.sendMail({ from, ...mail, messageId: options?.messageId });
    },
  };
}

/**
 * The local default: each message is written, complete, as an .eml file into a folder
 * (OUTBOX_DIR). Sign-in links are in them: the folder and its files are this user's alone.
 */
export function folderMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, options) {
      const info = await transport.sendMail({ from, ...mail, messageId: options?.messageId });
      privateFolder(dir);
      // Named by the Message-ID when there is one, so a retry of the same e-mail replaces its file.
      const id = options?.messageId ?? `${new Date().toISOString()}-${mail.to.address}`;
      const file = path.join(dir, `${id.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      // Written aside, then renamed: a process killed mid-write leaves no half message behind.
      await fs.promises.writeFile(`${file}.partial`, info.message as Buffer, { mode: PRIVATE_FILE });
      await fs.promises.chmod(`${file}.partial`, PRIVATE_FILE);
      await fs.promises.rename(`${file}.partial`, file);
    },
  };
}

/** SMTP when configured; otherwise the folder (OUTBOX_DIR). */
export function mailerFor(config: Pick<ServerConfig, 'smtpUrl' | 'outboxDir' | 'mailFrom'>): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : folderMailer(config.outboxDir, config.mailFrom);
}
