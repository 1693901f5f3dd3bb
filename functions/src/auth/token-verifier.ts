import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { UnauthenticatedError } from '../services/errors';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the person signed in (seconds since 1970): sessions revoked after it are over. */
  authTime: number;
}

export interface AccountState {
  usable: boolean;
  sessionsValidAfter: number;
}

/** Whether a sign-in made at authTime still stands, by its account's state. */
export function sessionStands(state: AccountState | undefined, authTime: number): boolean {
  return state !== undefined && state.usable && authTime >= state.sessionsValidAfter;
}

export interface TokenVerifier {
  verify: (idToken: string) => Promise<VerifiedIdentity>;
  /**
   * The accounts as they stand now: usable (not disabled, not deleted), and the time before
   * which sign-ins are revoked (seconds). An account missing from the answer is deleted.
   */
  accountStates: (uids: string[]) => Promise<Map<string, AccountState>>;
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
        return { uid: decoded.uid, email: decoded.email?.toLowerCase() ?? null, emailVerified: decoded.email_verified === true, authTime: decoded.auth_time };
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        throw new UnauthenticatedError(REASONS[code] ?? 'Your sign-in could not be verified. Please sign in again.');
      }
    },
    async accountStates(uids) {
      const states = new Map<string, AccountState>();
      const unique = [...new Set(uids)];
      // getUsers takes at most 100 at a time.
      for (let i = 0; i < unique.length; i += 100) {
        const { users } = await auth.getUsers(unique.slice(i, i + 100).map((uid) => ({ uid })));
        for (const user of users) {
          const sessionsValidAfter = user.tokensValidAfterTime ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000) : 0;
          states.set(user.uid, { usable: !user.disabled, sessionsValidAfter });
        }
      }
      return states;
    },
  };
}
