import { needsAuthAtOnce } from '@blooms/shared/contract/routes';

// Staff screens (and the sign-in page) need their screen's code and the sign-in straight away:
// they start beside the app's own chunks, not after the app has loaded (start-staff-page.ts).
// Firebase Auth's chunk is asked for here too, so it is on its way while the configuration is.
if (needsAuthAtOnce(window.location.pathname)) {
  void import(/* webpackChunkName: "auth" */ './features/auth/firebase-session');
  void import(/* webpackChunkName: "staff-start" */ './app/start-staff-page')
    .then(({ startStaffPage }) => startStaffPage(window.location.pathname))
    // The app's boot meets the same failure and shows it.
    .catch(() => undefined);
}

// The async boundary lets the federation runtime negotiate shared modules before React loads.
// It starts in a task of its own, so the browser is not blocked for this script's evaluation
// and the start-up work together.
setTimeout(() => void import('./bootstrap'), 0);
