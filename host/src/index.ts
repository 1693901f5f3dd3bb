import { needsAuthAtOnce, LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import { requestAppConfig } from './app/app-config-request';

// Staff screens (and the sign-in page) need their screen's code and the sign-in straight away:
// they start beside the app's own chunks, not after the app has loaded (start-staff-page.ts).
// Which pages those are, the site's routes say: they come with the configuration, which the
// page asked for with its own request (a preload hint), so it is in or nearly in by now.
void requestAppConfig().then(
  (config) => {
    if (!needsAuthAtOnce(config.routes ?? LEGACY_REMOTE_ROUTES, window.location.pathname)) return;
    // Firebase Auth's chunk is asked for here too, so it is on its way while the screen's are.
    void import(/* webpackChunkName: "auth" */ './features/auth/firebase-session');
    void import(/* webpackChunkName: "staff-start" */ './app/start-staff-page')
      .then(({ startStaffPage }) => startStaffPage(config, window.location.pathname))
      // The app's boot meets the same failure and shows it.
      .catch(() => undefined);
  },
  // The app's boot meets the same failure and shows it.
  () => undefined,
);

// The async boundary lets the federation runtime negotiate shared modules before React loads.
// It starts in a task of its own, so the browser is not blocked for this script's evaluation
// and the start-up work together.
setTimeout(() => void import('./bootstrap'), 0);
