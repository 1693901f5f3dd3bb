import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { SIGNED_OUT, useAuthStore, type SessionUser } from '@blooms/shared/runtime/auth-store';
import { isRole } from '@blooms/shared/contract/roles';
import { ApiError, backendUrl } from '@blooms/shared/runtime/api-client';
import { rememberStaffBrowser } from './start-auth';
import { STAFF_OFFLINE_CACHE } from '@blooms/shared/contract/staff-offline';
import { pendingStore } from '@blooms/shared/runtime/staff-pending-store';
import { dropEarlyAnswers, sendEarly } from '@blooms/shared/runtime/early-answers';
import { STAFF_ME_API_PATH, staffRouteAt } from '@blooms/shared/contract/routes';
import { siteRoutes } from '../remotes/site-routes';
import { keepAnswer } from '@blooms/shared/runtime/staff-offline-copy';

/** What resolving a signed-in person against our user records came to. */
export type SessionOutcome = 'staff' | 'not-authorized' | 'failed';

export interface SessionController {
  /** True when signing in goes through the local Auth emulator instead of Google. */
  usesEmulator: boolean;
  /** `emailHint` (an invitation's address) is offered to Google as the account to pick. */
  signInWithGoogle: (emailHint?: string) => Promise<SessionOutcome>;
  signInLocally: (email: string, name: string) => Promise<SessionOutcome>;
}

/**
 * A restored sign-in's first requests, sent now: the caller's record, and the page's opening
 * where its screen names one. The app's code, which would send them, is still on its way.
 */
async function sendFirstRequests(user: User): Promise<void> {
  try {
    const idToken = await user.getIdToken();
    const opening = staffRouteAt(siteRoutes(), window.location.pathname)?.opensWith;
    for (const path of opening ? [STAFF_ME_API_PATH, opening] : [STAFF_ME_API_PATH]) sendEarly(backendUrl(path), idToken);
  } catch {
    // No token now: the app's own calls ask for one and say what went wrong.
  }
}

function toSessionUser(user: User): SessionUser {
  const { uid, email, displayName, photoURL, phoneNumber } = user;
  return { uid, email, displayName, photoURL, phoneNumber };
}

export function startFirebaseSession(): SessionController {
  const config = useAppConfig.getState().config;
  if (!config) throw new Error('The site configuration is not loaded');
  const app = initializeApp(config.firebase);
  // No popup resolver at start-up: it would load Google scripts that only the popup needs.
  const auth: Auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  let inFlight: { uid: string; outcome: Promise<SessionOutcome> } | null = null;

  async function loadRecord(user: User): Promise<SessionOutcome> {
    try {
      // The shared request path: a refusal signs the person out (and says why) as for any call.
      // Loaded here, not with this module: its route brings zod, and Firebase can restore the
      // sign-in before that has arrived.
      const { ownRecordApi } = await import('@blooms/shared/runtime/own-record-api');
      const record = await ownRecordApi.me();
      if (!isRole(record.role)) throw new Error(`Unknown role ${String(record.role)}`);
      useAuthStore.setState({ status: 'signed-in', user: toSessionUser(user), role: record.role, record });
      rememberStaffBrowser(true);
      // Kept for My Deliveries to open with no signal, from the first sign-in on (its service
      // worker keeps answers only once it controls a page, which the sign-in page is not).
      void keepAnswer(STAFF_ME_API_PATH, record);
      return 'staff';
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        useAuthStore.setState(SIGNED_OUT);
        return error.status === 403 ? 'not-authorized' : 'failed';
      }
      console.error('Could not load the user record', error);
      useAuthStore.setState({ status: 'signed-in', user: toSessionUser(user), role: 'none', record: null });
      return 'failed';
    }
  }

  // A sign-in whose record could not be read (the connection lost meanwhile) is read again when
  // the connection returns, rather than left on the sign-in page until the site is reopened.
  window.addEventListener('online', () => {
    const user = auth.currentUser;
    const { status, role } = useAuthStore.getState();
    if (user && status === 'signed-in' && role === 'none') {
      inFlight = null;
      void resolve(user);
    }
  });

  function resolve(user: User): Promise<SessionOutcome> {
    if (inFlight?.uid !== user.uid) {
      const outcome = loadRecord(user).finally(() => {
        if (inFlight?.outcome === outcome) inFlight = null;
      });
      inFlight = { uid: user.uid, outcome };
    }
    return inFlight.outcome;
  }

  onAuthStateChanged(auth, (user) => {
    if (!user) {
      inFlight = null;
      dropEarlyAnswers();
      useAuthStore.setState(SIGNED_OUT);
      rememberStaffBrowser(false);
      // What My Deliveries kept for offline use (API replies included, and changes not sent
      // with their photos) is not for the next person.
      void globalThis.caches?.delete(STAFF_OFFLINE_CACHE);
      void pendingStore.deleteAll().catch((error: unknown) => console.error('Could not delete the changes kept on this device', error));
      return;
    }
    const current = useAuthStore.getState();
    if (current.status === 'signed-in' && current.user?.uid === user.uid) return;
    // A restored sign-in: its first requests go out at once, and screens may send theirs (which
    // take those answers) while its record is read.
    if (current.status === 'loading') {
      void sendFirstRequests(user).finally(() => {
        if (auth.currentUser?.uid !== user.uid) return;
        if (useAuthStore.getState().status === 'loading') useAuthStore.setState({ user: toSessionUser(user) });
        void resolve(user);
      });
      return;
    }
    void resolve(user);
  });

  useAuthStore.setState({
    getIdToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    signOut: () => signOut(auth),
  });

  return {
    usesEmulator: Boolean(config.authEmulatorUrl),
    signInWithGoogle: async (emailHint) => {
      const provider = new GoogleAuthProvider();
      if (emailHint) provider.setCustomParameters({ login_hint: emailHint });
      const { user } = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
      return resolve(user);
    },
    signInLocally: async (email, name) => {
      // The Auth emulator accepts an unsigned Google ID token; this never reaches Google.
      const normalized = email.trim().toLowerCase();
      const idToken = JSON.stringify({
        sub: `local-${normalized}`,
        email: normalized,
        email_verified: true,
        name: name.trim() || undefined,
      });
      const { user } = await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
      return resolve(user);
    },
  };
}
