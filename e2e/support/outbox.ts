import fs from 'node:fs';
import path from 'node:path';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** A finished e-mail's text; null for one still being written (the mailer writes it aside, then renames it). */
function readMail(file: string): string | null {
  if (!file.endsWith('.eml')) return null;
  try {
    return fs.readFileSync(path.join(outbox(), file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The outbox's e-mails to an address, as text (quoted-printable soft breaks and escapes undone). */
export function mailsTo(email: string): string[] {
  if (!fs.existsSync(outbox())) return [];
  return fs
    .readdirSync(outbox())
    .map(readMail)
    .filter((mail): mail is string => mail !== null)
    .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((mail) => /^To: .*$/m.exec(mail)?.[0].includes(email));
}

/** A part's body, decoded by its Content-Transfer-Encoding, as UTF-8 text. */
function decodePart(part: string): string {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The HTML part of the e-mails to an address whose subject matches, decoded, as a mail program shows it. */
export function mailHtmlTo(email: string, subject: RegExp): string[] {
  if (!fs.existsSync(outbox())) return [];
  return fs
    .readdirSync(outbox())
    .filter((file) => file.endsWith('.eml'))
    .map((file) => fs.readFileSync(path.join(outbox(), file), 'latin1'))
    .filter((mail) => /^To: .*$/m.exec(mail)?.[0].includes(email) && subject.test(/^Subject: (.*)$/m.exec(mail)?.[1] ?? ''))
    .map((mail) => {
      const html = mail.split(/^--\S+\r?$/m).find((part) => /^Content-Type: text\/html/im.test(part.trimStart()));
      return html ? decodePart(html.replace(/^\r?\n/, '')) : '';
    });
}
