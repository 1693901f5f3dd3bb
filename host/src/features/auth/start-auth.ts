import { SIGNED_OUT, useAuthStore } from '@blooms/shared/runtime/auth-store';
import { STAFF_BROWSER_KEY } from '@blooms/shared/contract/app-start';
import type { SessionController } from './firebase-session';
import { needsAuthAtOnce } from '@blooms/shared/contract/routes';
import { siteRoutes } from '../remotes/site-routes';

let session: Promise<SessionController> | null = null;

/** Loads Firebase Auth (a large bundle) on first need. */
export function ensureAuthStarted(): Promise<SessionController> {
  session ??= import(/* webpackChunkName: "auth" */ './firebase-session').then((m) => m.startFirebaseSession());
  session.catch((error: unknown) => {
    console.error('Could not start sign-in', error);
    useAuthStore.setState(SIGNED_OUT);
    session = null;
  });
  return session;
}

export function rememberStaffBrowser(staff: boolean): void {
  try {
    if (staff) localStorage.setItem(STAFF_BROWSER_KEY, '1');
    else localStorage.removeItem(STAFF_BROWSER_KEY);
  } catch {
    // storage disabled: staff simply see their links once they open a staff page
  }
}

/** Whether staff have signed in on this browser (and not signed out since). */
export function isStaffBrowser(): boolean {
  try {
    return localStorage.getItem(STAFF_BROWSER_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Staff routes and /login need the session at once. On public pages only a browser where
 * staff have signed in loads Firebase, once the page is idle, to show their header links;
 * visitors never download it.
 */
export function startAuthWhenIdle(pathname: string): void {
  if (needsAuthAtOnce(siteRoutes(), pathname)) {
    void ensureAuthStarted();
    return;
  }
  if (!isStaffBrowser()) return;
  const start = () => void ensureAuthStarted();
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 4000 }) : setTimeout(start, 2000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
