import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BackupError } from './archive';

/**
 * The PostgreSQL client programs (pg_dump, pg_restore) from the machine's postgresql-client
 * package, given the connection by libpq's environment variables rather than on the command
 * line, where any user's `ps` would show the password.
 */
function connectionEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: parsed.hostname || undefined,
    PGPORT: parsed.port || undefined,
    PGUSER: decodeURIComponent(parsed.username) || undefined,
    PGPASSWORD: decodeURIComponent(parsed.password) || undefined,
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || undefined,
  };
  const sslMode = parsed.searchParams.get('sslmode');
  if (sslMode) env.PGSSLMODE = sslMode;
  const socketHost = parsed.searchParams.get('host');
  if (socketHost) env.PGHOST = socketHost;
  return env;
}

const INSTALL =
  'Install the PostgreSQL client programs of the server’s major version (Debian: apt-get install postgresql-client-15 for a PostgreSQL 15 server).';

/** Runs a client program to its end; its standard output goes to onLine, line by line, when given. */
export function runPostgresTool(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  url: string | null,
  onLine?: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: url ? connectionEnv(url) : process.env,
      stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (onLine) createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', onLine);
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(`${program} is not installed on this machine. ${INSTALL}`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const versions = /server version: ([\d.]+); \S+ version: ([\d.]+)/.exec(stderr);
      if (versions)
        return reject(new BackupError(`${program} ${versions[2]} cannot work with a PostgreSQL ${versions[1]} server. ${INSTALL}`));
      reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}
