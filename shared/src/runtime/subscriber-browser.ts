import { PRERENDERED, SUBSCRIBER_BROWSER_KEY } from '../contract/app-start';

/**
 * Whether a subscriber has signed in to the account in this browser: a hint kept in
 * localStorage, so every public page's header offers the account at once (before the app, from
 * host/public/start.js) instead of Get Started. The account page is what checks the sign-in.
 * No state of its own: each app reads and writes the same storage key.
 */
export function isSubscriberBrowser(): boolean {
  try {
    return window.localStorage.getItem(SUBSCRIBER_BROWSER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Puts the mark on <html> the header's CSS reads, from the hint as it is now. */
export function showSubscriberBrowser(): void {
  document.documentElement.toggleAttribute(PRERENDERED.subscriberBrowser, isSubscriberBrowser());
}

/** Kept when the account's sign-in is confirmed, dropped when it ends; the header follows at once. */
export function setSubscriberBrowser(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SUBSCRIBER_BROWSER_KEY, '1');
    else window.localStorage.removeItem(SUBSCRIBER_BROWSER_KEY);
  } catch {
    // Storage switched off: the header keeps offering Get Started.
  }
  showSubscriberBrowser();
}

/** Follows the hint when another tab of this site signs in or out; returns the way to stop. */
export function followSubscriberBrowser(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SUBSCRIBER_BROWSER_KEY || event.key === null) showSubscriberBrowser();
  };
  showSubscriberBrowser();
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
