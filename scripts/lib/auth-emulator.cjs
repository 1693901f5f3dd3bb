// Starts and stops the Firebase Auth emulator (firebase-tools) on chosen ports, so the
// local stack, the backend tests and the browser tests can each run their own.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..', '..');
const firebaseBin = path.join(repoRoot, 'node_modules', '.bin', 'firebase');

async function waitForHttp(url, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isAlive && !isAlive()) throw new Error(`process exited before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A port nothing listens on right now, chosen by the OS. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` different free ports: each is held until all are found, so two calls in a row cannot
 * both be handed the same one (freePort alone can, once the first is closed unused).
 * @param {number} count
 * @returns {Promise<number[]>}
 */
async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      server.unref();
      await new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * @param {{ port?: number, projectId: string, log?: (line: string) => void }} options
 * @returns {Promise<{ host: string, stop: () => Promise<void> }>}
 */
async function startAuthEmulator({ port: requestedPort, projectId, log }) {
  const port = requestedPort ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-auth-emulator-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      // The emulator suite's own helper servers, on free ports so several suites can run side by side.
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config));
  const child = spawn(firebaseBin, ['emulators:start', '--only', 'auth', '--project', projectId, '--config', 'firebase.json'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (log) for (const line of String(chunk).split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exitedPromise = new Promise((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exitedPromise;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // It answers once ready; a loaded machine (CI, several suites at once) can take minutes to get there.
    await waitForHttp(`http://127.0.0.1:${port}/`, 180_000, () => !exited);
  } catch (error) {
    await stop();
    throw new Error(`The Firebase Auth emulator did not start: ${error.message}\n${output.slice(-2000)}`);
  }
  return { host: `127.0.0.1:${port}`, stop };
}

/** An ID token for the address from the Auth emulator at host, as Google sign-in would give it there. */
async function idTokenFor(host, email) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `google-${email}`, email, email_verified: true }))}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const body = await response.json();
  if (!body.idToken) throw new Error(`the Auth emulator did not sign ${email} in: ${JSON.stringify(body)}`);
  return body.idToken;
}

module.exports = { startAuthEmulator, waitForHttp, freePort, freePorts, idTokenFor };
