import type { RemoteName } from './remotes';

export type Access = 'public' | 'staff' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** The name the remote exposes the screen under. */
  module: string;
  access: Access;
  /**
   * In a browser where staff have signed in, the screen opens while the sign-in is still being
   * checked, to draw what the device kept (read-only) until the session is confirmed. The
   * screen makes no request before that; the server decides every request as always.
   */
  opensWhileChecking?: boolean;
  /**
   * The GET the screen sends first. The host sends it as soon as the sign-in is restored, with
   * the caller's record (`/api/me`), before the screen's code has arrived; the screen's own
   * call takes that answer (runtime/early-answers.ts).
   */
  opensWith?: string;
}

/** The signed-in staff member's own record: the first request of every staff page. */
export const STAFF_ME_API_PATH = '/api/me';

/** My Deliveries' opening: the start month and the driver's stops in it. */
export const MY_DELIVERIES_START_API_PATH = '/api/my-deliveries/start';

/** The subscribe form. */
export const SUBSCRIBE_PATH = '/subscribe';

/** Staff: the coming delivery days' arrangements and vases (contract/forecast.ts). */
export const FORECAST_PATH = '/forecast';

/** Admins: one subscription's history, `?id=<subscription id>` (contract/subscription-history.ts). */
export const SUBSCRIPTION_HISTORY_PATH = '/subscription-history';

/** Admins: the owner's figures of the business (contract/business-figures.ts). */
export const BUSINESS_FIGURES_PATH = '/figures';

/**
 * Every screen of the site and the remote that owns it. The host routes by
 * it; the server uses it to tell browsers early which remote a page will need.
 */
export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/', remote: 'marketing', module: 'Home', access: 'public' },
  { path: '/how-it-works', remote: 'marketing', module: 'HowItWorks', access: 'public' },
  { path: '/seasonal-collections', remote: 'marketing', module: 'SeasonalCollections', access: 'public' },
  { path: '/faq', remote: 'marketing', module: 'Faq', access: 'public' },
  { path: '/about-shelby-floral', remote: 'marketing', module: 'About', access: 'public' },
  { path: '/privacy-policy', remote: 'marketing', module: 'PrivacyPolicy', access: 'public' },
  { path: '/terms-of-service', remote: 'marketing', module: 'TermsOfService', access: 'public' },
  { path: SUBSCRIBE_PATH, remote: 'subscribe', module: 'Subscribe', access: 'public' },
  { path: '/confirmation', remote: 'subscribe', module: 'Confirmation', access: 'public' },
  { path: '/account', remote: 'subscribe', module: 'Account', access: 'public' },
  { path: '/dashboard', remote: 'staff', module: 'Dashboard', access: 'staff' },
  {
    path: '/my-deliveries',
    remote: 'staff',
    module: 'MyDeliveries',
    access: 'staff',
    opensWhileChecking: true,
    opensWith: MY_DELIVERIES_START_API_PATH,
  },
  { path: FORECAST_PATH, remote: 'staff', module: 'Forecast', access: 'staff' },
  { path: '/users', remote: 'admin', module: 'Users', access: 'admin' },
  { path: SUBSCRIPTION_HISTORY_PATH, remote: 'admin', module: 'SubscriptionHistory', access: 'admin' },
  { path: BUSINESS_FIGURES_PATH, remote: 'admin', module: 'BusinessFigures', access: 'admin' },
];

/** Where subscribers sign in (by e-mail link) and manage their subscriptions. */
export const ACCOUNT_PATH = '/account';

/** The account's name wherever a link leads to it: header, menu, footer, confirmation, e-mails. */
export const ACCOUNT_LINK_LABEL = 'My subscription';

/** The host's own page: staff sign in there. */
export const LOGIN_PATH = '/login';

/** Whether a path is a page of the site; any other path gets the 404 page, with status 404. */
export function isSitePage(pathname: string): boolean {
  return pathname === LOGIN_PATH || REMOTE_ROUTES.some((route) => route.path === pathname);
}

/** The staff screen at a path (the dashboard, My Deliveries, users, a history, the figures); null for a public page or none. */
export function staffRouteAt(pathname: string): RemoteRoute | null {
  return REMOTE_ROUTES.find((route) => route.path === pathname && route.access !== 'public') ?? null;
}

/** Whether a path is a staff screen: staff get a layout for work there. */
export function isStaffPage(pathname: string): boolean {
  return staffRouteAt(pathname) !== null;
}

export function remoteOfPath(pathname: string): RemoteName | null {
  return REMOTE_ROUTES.find((route) => route.path === pathname)?.remote ?? null;
}

/**
 * Paths where the visitor needs to know who is signed in straight away: the staff screens and
 * the sign-in page. The host's entry starts the sign-in there at once, and the server's preload
 * hints fetch Firebase Auth's chunks with the page.
 */
export function needsAuthAtOnce(pathname: string): boolean {
  return pathname === LOGIN_PATH || isStaffPage(pathname);
}
