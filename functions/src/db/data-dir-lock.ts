import fs from 'node:fs';
import path from 'node:path';

/**
 * Embedded PostgreSQL is one process's: two backends writing one data folder would corrupt it.
 * A lock file holding the owner's process id says who has it; a second backend is refused with
 * a message, and a lock left by a process that died (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'blooms-backend.lock');
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (isRunning(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another backend (process ${owner}). Stop that one first, or give this one another DATA_DIR (or a DATABASE_URL).`,
      );
    }
    fs.rmSync(lockFile, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
