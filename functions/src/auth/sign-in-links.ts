import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** Makes one-time e-mail sign-in links (Firebase Auth passwordless e-mail link sign-in). */
export interface SignInLinks {
  /** A link that signs the holder of that e-mail in on the page at pageUrl. */
  create: (email: string, pageUrl: string) => Promise<string>;
}

/**
 * Links from Firebase Auth (or its emulator, with FIREBASE_AUTH_EMULATOR_HOST). The link leads
 * straight to our own page with the one-time code, the way Firebase's action handler would
 * forward it; the browser's Firebase Auth completes the sign-in there.
 */
export function firebaseSignInLinks(projectId: string, webApiKey: string): SignInLinks {
  const name = `links-${projectId}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    async create(email, pageUrl) {
      const generated = new URL(await auth.generateSignInWithEmailLink(email, { url: pageUrl, handleCodeInApp: true }));
      const oobCode = generated.searchParams.get('oobCode');
      if (!oobCode) throw new Error('Firebase Auth made a sign-in link without a code');
      const link = new URL(pageUrl);
      link.search = new URLSearchParams({ mode: 'signIn', oobCode, apiKey: webApiKey, lang: 'en' }).toString();
      return link.toString();
    },
  };
}
