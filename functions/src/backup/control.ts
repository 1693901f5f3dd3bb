import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BackupError } from './archive';

/**
 * The running backend's door for `pnpm backup` on the same machine: a Unix socket in the data
 * folder (the embedded database belongs to one process, so only that process can copy it while
 * the site runs). Only users who may read the data folder can reach it; nothing listens on the
 * network for it.
 */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, 'backend.sock');
  // A socket's path is limited to about 100 bytes: a deep data folder gets one in the temporary folder, named after it.
  return Buffer.byteLength(inFolder) < 100
    ? inFolder
    : path.join(os.tmpdir(), `blooms-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

export interface BackupAnswer {
  file: string;
  bytes: number;
  databaseMs: number;
  totalMs: number;
}

/**
 * Serves backup requests on the socket: `take` writes the file it is given (the caller reads
 * it back, in its own process, sparing the site the work). Resolves with what closes it.
 */
export async function serveBackupRequests(
  dataDir: string,
  take: (file: string) => Promise<BackupAnswer>,
  log: { error: (fields: object, message: string) => void },
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  // Left by a process that died: this one holds the data folder's lock, so it is not in use.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/backup') return reply(404, { error: 'Only POST /backup is served here.' });
      let file: unknown;
      try {
        file = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { file?: unknown }).file;
      } catch {
        file = null;
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) return reply(400, { error: 'Send {"file": "<absolute path>"}.' });
      take(file).then(
        (answer) => reply(200, answer),
        (error: Error) => {
          log.error({ err: error }, 'backup failed');
          reply(error instanceof BackupError ? 422 : 500, { error: error.message });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Asks the backend running on this data folder for a backup into `file`; null when no backend answers there. */
export async function requestBackup(dataDir: string, file: string): Promise<BackupAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupAnswer & { error?: string };
          if (response.statusCode === 200) resolve(body);
          else reject(new BackupError(body.error ?? `The backend answered ${response.statusCode}.`));
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A socket left by a backend that is gone.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    request.end(JSON.stringify({ file }));
  });
}
