import fs from 'node:fs';
import path from 'node:path';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The outbox's e-mails to an address, as text (quoted-printable soft breaks and escapes undone). */
export function mailsTo(email: string): string[] {
  if (!fs.existsSync(outbox())) return [];
  return fs
    .readdirSync(outbox())
    .map((file) => fs.readFileSync(path.join(outbox(), file), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((mail) => /^To: .*$/m.exec(mail)?.[0].includes(email));
}
