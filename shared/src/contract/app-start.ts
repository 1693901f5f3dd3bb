/**
 * How a prerendered public page hands over to the app. The page works as HTML until then;
 * host/public/start.js starts the app on the visitor's first sign of use, or at once when this
 * browser needs it straight away. start.js is plain JavaScript served as it is, so it carries
 * copies of these names; the browser suite (e2e/tests/prerender.spec.ts) uses these, so it
 * fails if the copies part.
 */

/** localStorage: set in a browser where staff have signed in (their header differs), cleared when they sign out. */
export const STAFF_BROWSER_KEY = 'blooms.staff-browser';

/** sessionStorage: the subscribe form this tab kept, to fill back in on return from checkout. */
export const SAVED_SUBSCRIBE_FORM_KEY = 'blooms.subscribe-form';

/** Dispatched on document each time a route's screen is on the page and in React's hands. */
export const SCREEN_READY_EVENT = 'blooms:screen-ready';

/**
 * In the host's build (dist/): the files its entry loads at once, by what it starts. Written by
 * scripts/webpack/startup-files-plugin.cjs; the server names them in a page's preload hints.
 */
export const HOST_STARTUP_FILES = 'startup-files.json';

export interface HostStartupFiles {
  /** The app's boot: React, the router, zod, the shell. */
  app: string[];
  /** A staff page's early start and Firebase Auth (host/src/index.ts). */
  signIn: string[];
}
