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
