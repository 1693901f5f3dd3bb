import { create } from 'zustand';
import type { SessionRole, UserRecord } from '../contract/roles';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** What the sign-in provider tells about the person; the role comes from our user record. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
}

export interface AuthState {
  status: AuthStatus;
  /** Set as soon as the provider restores or makes a sign-in, while the status may still be loading (the record not yet read). */
  user: SessionUser | null;
  role: SessionRole;
  record: UserRecord | null;
  /** Installed by the host once Firebase Auth is loaded; remotes never import Firebase. */
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

export const SIGNED_OUT: Pick<AuthState, 'status' | 'user' | 'role' | 'record'> = {
  status: 'signed-out',
  user: null,
  role: 'none',
  record: null,
};

/** Shared at runtime as a federation singleton: the host writes it, remotes read it. */
export const useAuthStore = create<AuthState>(() => ({
  status: 'loading',
  user: null,
  role: 'none',
  record: null,
  getIdToken: async () => null,
  signOut: async () => {},
}));

export function isStaff(state: Pick<AuthState, 'status' | 'role'>): boolean {
  return state.status === 'signed-in' && state.role !== 'none';
}

/**
 * A sign-in the provider holds: signed in, or restored and its record still being read. A
 * request may go out with its token already; the server judges it as any other.
 */
export function hasSignIn(state: Pick<AuthState, 'status' | 'user'>): boolean {
  return state.status === 'signed-in' || (state.status === 'loading' && state.user !== null);
}

/** Once the sign-in is checked: whether the person is signed in. */
export function signInChecked(): Promise<boolean> {
  const settledAs = (status: AuthStatus) => (status === 'loading' ? null : status === 'signed-in');
  const now = settledAs(useAuthStore.getState().status);
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = useAuthStore.subscribe(({ status }) => {
      const settled = settledAs(status);
      if (settled === null) return;
      stop();
      resolve(settled);
    });
  });
}
