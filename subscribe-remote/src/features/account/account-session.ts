import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { apiErrorOf, backendUrl } from '@blooms/shared/runtime/api-client';

/** Where the address a sign-in link was asked for waits until the link is opened in this browser. */
const PENDING_EMAIL_KEY = 'blooms.account.email';

/**
 * A subscriber's sign-in, apart from staff sign-in: its own Firebase app, so a subscriber is
 * never taken for staff (and staff screens never see this session). Firebase loads only here.
 */
async function accountAuth() {
  const [{ getApps, initializeApp }, auth] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-auth-account" */ 'firebase/auth'),
  ]);
  const config = useAppConfig.getState().config;
  if (!config) throw new Error('The site configuration is not loaded');
  const existing = getApps().find((a) => a.name === 'account');
  const app = existing ?? initializeApp(config.firebase, 'account');
  const instance = existing ? auth.getAuth(app) : auth.initializeAuth(app, { persistence: [auth.browserLocalPersistence] });
  if (!existing && config.authEmulatorUrl) auth.connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  return { auth, instance };
}

/** The e-mail of the subscriber signed in in this browser, once Firebase has read its saved session; null when nobody is. */
export async function signedInEmail(): Promise<string | null> {
  const { instance } = await accountAuth();
  await instance.authStateReady();
  return instance.currentUser?.email ?? null;
}

/** Whether this address is a sign-in link (the page was opened from the e-mail). */
export async function isSignInLink(href: string): Promise<boolean> {
  const { auth, instance } = await accountAuth();
  return auth.isSignInWithEmailLink(instance, href);
}

/** The address the link was asked for in this browser, if it was. */
export function pendingEmail(): string | null {
  return window.localStorage.getItem(PENDING_EMAIL_KEY);
}

/** Completes the sign-in with the link's one-time code and the address it was sent to. */
export async function completeSignIn(email: string, href: string): Promise<void> {
  const { auth, instance } = await accountAuth();
  await auth.signInWithEmailLink(instance, email.trim().toLowerCase(), href);
  window.localStorage.removeItem(PENDING_EMAIL_KEY);
}

export async function signOutOfAccount(): Promise<void> {
  const { auth, instance } = await accountAuth();
  await auth.signOut(instance);
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Asks the server to e-mail a sign-in link; returns what to tell the person. */
export async function askForSignInLink(email: string): Promise<string> {
  const response = await fetch(backendUrl('/api/account/sign-in-link'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
  const body = await readBody(response);
  if (!response.ok) throw apiErrorOf(response.status, body, 'We could not send the link. Please try again.');
  window.localStorage.setItem(PENDING_EMAIL_KEY, email.trim().toLowerCase());
  return (body as { message: string }).message;
}

/** Calls the account API as the signed-in subscriber. */
export async function accountRequest<T>(path: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE' = 'GET', body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await signedInHeaders()) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(backendUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const parsed = await readBody(response);
  if (!response.ok) throw apiErrorOf(response.status, parsed, `Request failed (${response.status})`);
  return parsed as T;
}

async function signedInHeaders(): Promise<Record<string, string>> {
  const { instance } = await accountAuth();
  const token = await instance.currentUser?.getIdToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A door photo of the subscriber's own delivery, as an object URL for an image (the request needs the sign-in, which an img src cannot send). */
export async function accountPhotoUrl(path: string): Promise<string> {
  const response = await fetch(backendUrl(path), { headers: await signedInHeaders() });
  if (!response.ok) throw new Error('The photo could not be loaded.');
  return URL.createObjectURL(await response.blob());
}
