// Live screens when the backend stops, and when their account is disabled.
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/lib/auth-emulator.cjs';
import { sseDataParser } from '@blooms/shared/contract/sse';
import { disableAccount, signInWithGoogle as signIn } from '../test/support/identities';
import { ADMIN, check, FUNCTIONS_DIR, freshDatabase, PROJECT, startBackend, type Kind } from './harness';

async function openLive(url: string, idToken: string) {
  const response = await fetch(`${url}/api/live`, { headers: { Authorization: `Bearer ${idToken}` } });
  const events: string[] = [];
  const ended = (async () => {
    const feed = sseDataParser((data) => events.push(data));
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // reset
    }
    return Date.now();
  })();
  return { status: response.status, ended };
}

/** SIGTERM with live screens open: streams end, the process exits promptly; a second backend on the same embedded folder is refused. */
export async function stopWithLiveClients(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const backend = await startBackend({ ...database.env, SHUTDOWN_TIMEOUT_MS: '8000' });
    const { idToken } = await signIn(ADMIN);
    let refusedSecond = 'not tried (PostgreSQL is shared by design)';
    if (kind === 'pglite') {
      const port = await freePort();
      const second = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
        cwd: FUNCTIONS_DIR,
        env: {
          ...process.env,
          ...database.env,
          PORT: String(port),
          FIREBASE_PROJECT_ID: PROJECT,
          SERVE_STATIC: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stderr!.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      check(
        code !== 0 && output.includes('is in use by another backend'),
        `a second backend on the same folder was not refused (exit ${code}): ${output.slice(0, 300)}`,
      );
      refusedSecond = 'refused, naming the process that has it';
    }
    const streams = await Promise.all([openLive(backend.url, idToken), openLive(backend.url, idToken), openLive(backend.url, idToken)]);
    check(
      streams.every((s) => s.status === 200),
      'live streams did not open',
    );
    const sentAt = Date.now();
    backend.process.kill('SIGTERM');
    const code = await backend.exited;
    const exitedAfter = Date.now() - sentAt;
    const endedAfter = Math.max(...(await Promise.all(streams.map((s) => s.ended)))) - sentAt;
    check(code === 0, `exit code ${code}`);
    check(exitedAfter < 5000, `the process took ${exitedAfter} ms to exit`);
    return `3 live streams ended ${endedAfter} ms after SIGTERM, process exited 0 after ${exitedAfter} ms; second backend on the folder: ${refusedSecond}`;
  } finally {
    await database.drop();
  }
}

/** A Firebase account disabled while its live stream is open: the stream ends within ACCOUNT_RECHECK_MS. */
export async function disabledAccountLive(kind: Kind) {
  const database = await freshDatabase(kind);
  try {
    const backend = await startBackend(database.env);
    const email = `disabled-${kind}-${Date.now()}@blooms.example`;
    const adminToken = (await signIn(ADMIN)).idToken;
    await fetch(`${backend.url}/api/users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Soon Gone', email, role: 'employee' }),
    });
    const { idToken, uid } = await signIn(email);
    const stream = await openLive(backend.url, idToken);
    check(stream.status === 200, `live stream answered ${stream.status}`);
    const disabledAt = Date.now();
    await disableAccount(uid);
    const endedAt = await Promise.race([stream.ended, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
    backend.process.kill('SIGTERM');
    await backend.exited;
    check(endedAt > 0, 'the stream was still open 10 s after the account was disabled');
    return `stream ended ${endedAt - disabledAt} ms after the account was disabled (recheck every 1000 ms)`;
  } finally {
    await database.drop();
  }
}
