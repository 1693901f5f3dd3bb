import fs from 'node:fs';
import path from 'node:path';

/**
 * What is kept on this machine (the embedded database, backups, e-mails waiting in the outbox
 * folder) holds every subscriber's name, address and phone, and one-hour sign-in links: only the
 * user the backend runs as may read it, whatever the umask. Folders 0700, files 0600.
 */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** Makes a folder, and the folders above it that it makes, this user's alone; one that exists is made so too. */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  fs.chmodSync(dir, PRIVATE_FOLDER);
}

const ignoringGone = <T>(work: () => T): T | null => {
  try {
    return work();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Makes a folder and everything in it this user's alone (folders 0700, files 0600; a link is left
 * as it is, what it points to is not this folder's), then checks: returns each path another user
 * could still read, write or enter (one owned by another user, which cannot be changed).
 */
export function makePrivate(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = ignoringGone(() => fs.lstatSync(entry));
    if (!stat || stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_FOLDER : PRIVATE_FILE;
    if ((stat.mode & 0o777) !== mode) {
      try {
        fs.chmodSync(entry, mode);
      } catch {
        // Not ours to change (another user's), or gone: the check below says which is still open.
      }
    }
    const now = ignoringGone(() => fs.lstatSync(entry));
    if (now && (now.mode & 0o077) !== 0) open.push(entry);
    if (stat.isDirectory()) for (const name of ignoringGone(() => fs.readdirSync(entry)) ?? []) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}
