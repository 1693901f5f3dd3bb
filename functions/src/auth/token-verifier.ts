import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { UnauthenticatedError } from '../domain/errors';
import { emulatorTokenClaims, type IdTokenClaims } from './emulator-token';

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
  return accountRefusal(state, authTime) === null;
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

/** Why a verified token's account cannot be used now, by its state (undefined: deleted); null when it can. */
function accountRefusal(state: AccountState | undefined, authTime: number): string | null {
  if (!state) return REASONS['auth/user-not-found']!;
  if (!state.usable) return REASONS['auth/user-disabled']!;
  if (authTime < state.sessionsValidAfter) return REASONS['auth/id-token-revoked']!;
  return null;
}

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set it
 * accepts the emulator's tokens. Each token's signature and expiry are checked on every call;
 * its account (disabled, deleted, sessions revoked) is looked up in Firebase Auth at most
 * once per accountRecheckMs. Asking on every request would put a call to Google's API in front
 * of every API request (most of a dashboard page's time, docs/performance.md); the live
 * streams already trust an account for that long.
 */
export function firebaseTokenVerifier(projectId: string, accountRecheckMs: number, now: () => number = Date.now): TokenVerifier {
  const name = `verifier-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  const checked = new Map<string, { state: AccountState | undefined; at: number }>();

  const remember = (uid: string, state: AccountState | undefined, at: number) => {
    checked.set(uid, { state, at });
    if (checked.size > MAX_REMEMBERED) {
      for (const [key, entry] of checked) if (now() - entry.at >= accountRecheckMs) checked.delete(key);
    }
  };

  async function lookUp(uids: string[]): Promise<Map<string, AccountState>> {
    const at = now();
    const states = new Map<string, AccountState>();
    const unique = [...new Set(uids)];
    // getUsers takes at most 100 at a time.
    for (let i = 0; i < unique.length; i += 100) {
      const { users } = await auth.getUsers(unique.slice(i, i + 100).map((uid) => ({ uid })));
      for (const user of users) {
        // firebase-admin refuses a token whose auth_time (whole seconds) is before this instant.
        const sessionsValidAfter = user.tokensValidAfterTime ? Math.ceil(Date.parse(user.tokensValidAfterTime) / 1000) : 0;
        states.set(user.uid, { usable: !user.disabled, sessionsValidAfter });
      }
    }
    for (const uid of unique) remember(uid, states.get(uid), at);
    return states;
  }

  async function accountState(uid: string): Promise<AccountState | undefined> {
    const known = checked.get(uid);
    if (known && now() - known.at < accountRecheckMs) return known.state;
    return (await lookUp([uid])).get(uid);
  }

  return {
    async verify(idToken) {
      try {
        // The same switch firebase-admin reads: with the emulator, tokens carry no signature.
        const decoded: IdTokenClaims = process.env.FIREBASE_AUTH_EMULATOR_HOST
          ? emulatorTokenClaims(idToken, projectId, Math.floor(now() / 1000))
          : await auth.verifyIdToken(idToken);
        const refusal = accountRefusal(await accountState(decoded.uid), decoded.auth_time);
        if (refusal) throw new UnauthenticatedError(refusal);
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase() ?? null,
          emailVerified: decoded.email_verified === true,
          authTime: decoded.auth_time,
        };
      } catch (error) {
        if (error instanceof UnauthenticatedError) throw error;
        const code = (error as { code?: string }).code ?? '';
        throw new UnauthenticatedError(REASONS[code] ?? 'Your sign-in could not be verified. Please sign in again.');
      }
    },
    accountStates: lookUp,
  };
}

/** Accounts remembered before the expired ones are cleared out. */
const MAX_REMEMBERED = 10_000;
