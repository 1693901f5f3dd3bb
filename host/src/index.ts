import { needsAuthAtOnce } from './features/auth/needs-auth-at-once';

// Staff screens need Firebase Auth straight away: its chunk is fetched beside the app's own,
// not after the app has loaded and read the site configuration (start-auth.ts starts it then).
if (needsAuthAtOnce(window.location.pathname)) void import(/* webpackChunkName: "auth" */ './features/auth/firebase-session');

// The async boundary lets the federation runtime negotiate shared modules before React loads.
// It starts in a task of its own, so the browser is not blocked for this script's evaluation
// and the start-up work together.
setTimeout(() => void import('./bootstrap'), 0);
