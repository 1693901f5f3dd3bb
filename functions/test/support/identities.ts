import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export const TEST_PROJECT_ID = 'demo-blooms-test';

function emulatorUrl(path: string): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the global setup starts the emulator');
  return `http://${host}/${path}`;
}

/**
 * fetch, tried once more when the emulator closed the kept-alive socket just as the request
 * went out ("other side closed": its idle timeout is 5 s, so a busy machine can meet it).
 */
async function fetchOnFreshSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** Signs in to the Auth emulator with a Google credential, as the browser does; returns the ID token. */
export async function signInWithGoogle(email: string, options: { emailVerified?: boolean } = {}) {
  const idToken = JSON.stringify({ sub: `google-${email.toLowerCase()}`, email, email_verified: options.emailVerified ?? true });
  const response = await fetchOnFreshSocket(emulatorUrl('identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-key'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !body.idToken || !body.localId) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { idToken: body.idToken, uid: body.localId };
}

function adminAuth() {
  const app = getApps().find((a) => a.name === 'test-admin') ?? initializeApp({ projectId: TEST_PROJECT_ID }, 'test-admin');
  return getAuth(app);
}

export async function disableAccount(uid: string): Promise<void> {
  await adminAuth().updateUser(uid, { disabled: true });
}

export async function deleteAccount(uid: string): Promise<void> {
  await adminAuth().deleteUser(uid);
}

/**
 * The emulator's wall clock has moved into the next whole second. Sign-in and revocation times
 * are whole seconds, so a session is "before" a revocation only when they fall in different seconds.
 */
export async function nextWholeSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  await new Promise((resolve) => setTimeout(resolve, (second + 1) * 1000 - Date.now() + 5));
}

/** Ends every session of the account, as "sign out everywhere" or a security response does. */
export async function revokeSessions(uid: string): Promise<void> {
  await adminAuth().revokeRefreshTokens(uid);
}

/** The same token with its lifetime moved into the past, as an old session would hold. */
export function expire(idToken: string): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  const expired = { ...claims, iat: hourAgo - 3600, auth_time: hourAgo - 3600, exp: hourAgo };
  return `${header}.${Buffer.from(JSON.stringify(expired)).toString('base64url')}.`;
}
