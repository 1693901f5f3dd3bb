/**
 * How a prerendered public page hands over to the app. The page works as HTML until then;
 * host/public/start.js starts the app on the visitor's first sign of use, or at once when this
 * browser needs it straight away. start.js is plain JavaScript served as it is, so it carries
 * copies of these names; the browser suite (e2e/tests/prerender.spec.ts) uses these, so it
 * fails if the copies part.
 */

/** localStorage: set in a browser where staff have signed in (their header differs), cleared when they sign out. */
export const STAFF_BROWSER_KEY = 'blooms.staff-browser';

/**
 * localStorage: set in a browser where a subscriber has signed in to the account (its header
 * offers the account instead of Get Started), cleared when they sign out or the sign-in ends.
 * A hint only: the account page itself still asks Firebase who is signed in.
 */
export const SUBSCRIBER_BROWSER_KEY = 'blooms.subscriber-browser';

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

/**
 * The prerendered page's markup as start.js reads and changes it before the app, and as the app
 * renders it and takes it over: each side keeps to these names (docs/architecture.md, "What
 * start.js reads"). start.js carries copies; its tests build their pages from these, and the
 * apps' prerender tests check that what they render has them.
 */
export const PRERENDERED = {
  /** id of the element React takes over; start.js swaps it whole for the fetched form's. */
  rootId: 'root',
  /** id of the main content (tabindex -1): focused when start.js puts the form in place. */
  mainId: 'main',
  /** Attribute of the <style> the server inlines the page's CSS in. */
  inlineStyles: 'data-prerendered',
  /** Class of the menu button: aria-expanded, aria-label, aria-controls (the menu's id). */
  menuToggle: 'menu-toggle',
  /** Class of the backdrop beside the menu button (its sibling): hidden while the menu is closed. */
  navBackdrop: 'nav-backdrop',
  /** Class of the open menu. */
  navOpen: 'is-open',
  carousel: 'carousel',
  /** Class of the carousel's scrolling row of cards, inside the carousel. */
  carouselTrack: 'carousel__track',
  /** Attribute of each carousel button: how many cards it scrolls by, -1 or 1. */
  carouselStep: 'data-carousel-step',
  /**
   * Attribute the app puts on the header and on each screen once React has taken them over:
   * start.js then leaves every press inside them to the app.
   */
  hydrated: 'data-hydrated',
  /**
   * Attribute on <html> in a browser where a subscriber has signed in (SUBSCRIBER_BROWSER_KEY):
   * start.js sets it before the app, the app keeps it in step; the header's CSS shows the
   * account's button instead of Get Started by it, so neither the prerendered page nor
   * hydration draws the wrong one.
   */
  subscriberBrowser: 'data-subscriber-browser',
  /** Class of the header's button for visitors (Get Started), and of the one for subscribers (My account). */
  visitorAction: 'site-nav__visitor',
  subscriberAction: 'site-nav__subscriber',
  /** The subscribe form's gift box (name="gift"): start.js ticks it on /subscribe?gift=1 before the app. */
  giftCheckbox: 'input[name="gift"]',
} as const;

/** While the menu is open, the page behind it does not scroll: body's inline overflow, cleared on closing. */
export const MENU_OPEN_BODY_OVERFLOW = 'hidden';
