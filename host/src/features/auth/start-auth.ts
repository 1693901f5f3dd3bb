import { needsAuthAtOnce } from '../../app/routes';
import { SIGNED_OUT, useAuthStore } from '@blooms/shared/auth-store';
import type { SessionController } from './firebase-session';

let session: Promise<SessionController> | null = null;

/**
 * Loads Firebase Auth (a large bundle) on first need. Marketing pages do not need it to
 * become interactive, so there it waits until the browser is idle.
 */
export function ensureAuthStarted(): Promise<SessionController> {
  session ??= import(/* webpackChunkName: "auth" */ './firebase-session').then((m) => m.startFirebaseSession());
  session.catch((error: unknown) => {
    console.error('Could not start sign-in', error);
    useAuthStore.setState(SIGNED_OUT);
    session = null;
  });
  return session;
}

export function startAuthWhenIdle(pathname: string): void {
  if (needsAuthAtOnce(pathname)) {
    void ensureAuthStarted();
    return;
  }
  const start = () => void ensureAuthStarted();
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 4000 }) : setTimeout(start, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
