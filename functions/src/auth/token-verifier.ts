import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { UnauthenticatedError } from '../services/errors';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export interface TokenVerifier {
  verify: (idToken: string) => Promise<VerifiedIdentity>;
}

const REASONS: Record<string, string> = {
  'auth/id-token-expired': 'Your session has expired. Please sign in again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/id-token-revoked': 'Your session was ended. Please sign in again.',
  'auth/user-not-found': 'This account no longer exists.',
};

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set it
 * accepts the emulator's tokens. Revocation is checked too, which also refuses disabled accounts.
 */
export function firebaseTokenVerifier(projectId: string): TokenVerifier {
  const name = `verifier-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return { uid: decoded.uid, email: decoded.email?.toLowerCase() ?? null, emailVerified: decoded.email_verified === true };
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        throw new UnauthenticatedError(REASONS[code] ?? 'Your sign-in could not be verified. Please sign in again.');
      }
    },
  };
}
