import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { apiClient, type ApiSession } from '@blooms/shared/runtime/api-client';
import { publicApi } from '@blooms/shared/runtime/public-api';
import { apiQuery } from '@blooms/shared/runtime/api-query';
import { paramsFrom } from '@blooms/shared/contract/api-route';
import { SUBSCRIBER_ROUTES } from '@blooms/shared/contract/subscriber-api-routes';
import { setSubscriberBrowser } from '@blooms/shared/runtime/subscriber-browser';

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
  const email = instance.currentUser?.email ?? null;
  // The header everywhere on the site offers the account while someone is signed in to it here.
  setSubscriberBrowser(email !== null);
  return email;
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
  setSubscriberBrowser(true);
}

export async function signOutOfAccount(): Promise<void> {
  setSubscriberBrowser(false);
  const { auth, instance } = await accountAuth();
  await auth.signOut(instance);
}

/** Asks the server to e-mail a sign-in link; returns what to tell the person. */
export async function askForSignInLink(email: string): Promise<string> {
  const { message } = await publicApi.signInLink({ body: { email } });
  window.localStorage.setItem(PENDING_EMAIL_KEY, email.trim().toLowerCase());
  return message;
}

/** The subscriber's sign-in, as the API client uses it: a refusal that ends it (401) signs them out of this browser. */
const subscriberSession: ApiSession = {
  idToken: async () => {
    const { instance } = await accountAuth();
    return (await instance.currentUser?.getIdToken()) ?? null;
  },
  signOut: signOutOfAccount,
};

/** The account API as the signed-in subscriber, by the route table, under the one refusal policy staff calls follow too. */
export const accountApi = apiClient(subscriberSession, SUBSCRIBER_ROUTES);

/** The signed-in subscriber's account, as a query of the remote's cache; each change answers with it again. */
export const accountQuery = apiQuery(SUBSCRIBER_ROUTES.account, {}, subscriberSession);

/** A door photo of the subscriber's own delivery, at the address the account gives (the request needs the sign-in, which an img src cannot send). */
export const accountPhoto = (path: string) => accountApi.accountPhoto({ params: paramsFrom(SUBSCRIBER_ROUTES.accountPhoto, path) });

/** One receipt of the subscriber's own payments, by its number, for its printable page. */
export const receiptQuery = (number: string) => apiQuery(SUBSCRIBER_ROUTES.receipt, { params: { number } }, subscriberSession);
