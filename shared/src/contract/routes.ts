import type { RemoteName } from './remotes';

export type Access = 'public' | 'staff' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'staff', 'admin'];

/**
 * A screen as its remote declares it (the remote's exposes.cjs): the build exposes the screen
 * under `module` and writes the route into its mf-manifest.json, where the server reads it and
 * hands the site's routes to the host (app-config.json). A remote adds a screen without a host
 * release.
 */
export interface DeclaredRoute {
  path: string;
  /** The name the remote exposes the screen under. */
  module: string;
  access: Access;
  /** The label of the screen's link in the staff navigation; none: the screen is reached by links. */
  nav?: string;
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

/** A page of the site: a remote's screen at a path. */
export interface RemoteRoute extends DeclaredRoute {
  remote: RemoteName;
  /**
   * The remote's build that is live does not expose the module (a build older than the route):
   * the host says the page is being updated instead of loading what is not there.
   */
  unavailable?: boolean;
}

/** The signed-in staff member's own record: the first request of every staff page. */
export const STAFF_ME_API_PATH = '/api/me';

/** My Deliveries' opening: the start month and the driver's stops in it. */
export const MY_DELIVERIES_START_API_PATH = '/api/my-deliveries/start';

/** The subscribe form. */
export const SUBSCRIBE_PATH = '/subscribe';

/** `/subscribe?gift=1`: the subscribe form with "This is a gift" ticked (the gift page's button). */
export const GIFT_PARAM = { name: 'gift', value: '1' } as const;
export const SUBSCRIBE_AS_GIFT_PATH = `${SUBSCRIBE_PATH}?${GIFT_PARAM.name}=${GIFT_PARAM.value}`;

/** Gift subscriptions explained, with a way into the subscribe form's gift option. */
export const GIFTS_PATH = '/gifts';

/** Admins: one subscription's history, `?id=<subscription id>` (contract/subscription-history.ts). */
export const SUBSCRIPTION_HISTORY_PATH = '/subscription-history';

/**
 * The routes as the host knew them before remotes declared their own: the site's routes of a
 * remote whose live build declares none (a build from before), so a remote one release older
 * keeps working with this host. Remove it once no such build can be live (the check of the
 * previous release, `pnpm test:skew`, says when). The host also starts from it until the
 * server's list has arrived, and prerenders its shell for the public ones.
 */
export const LEGACY_REMOTE_ROUTES: readonly RemoteRoute[] = [
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
  { path: '/dashboard', remote: 'staff', module: 'Dashboard', access: 'staff', nav: 'Today' },
  {
    path: '/my-deliveries',
    remote: 'staff',
    module: 'MyDeliveries',
    access: 'staff',
    nav: 'My Deliveries',
    opensWhileChecking: true,
    opensWith: MY_DELIVERIES_START_API_PATH,
  },
  { path: '/forecast', remote: 'staff', module: 'Forecast', access: 'staff', nav: 'Forecast' },
  { path: '/users', remote: 'admin', module: 'Users', access: 'admin', nav: 'Users' },
  { path: SUBSCRIPTION_HISTORY_PATH, remote: 'admin', module: 'SubscriptionHistory', access: 'admin' },
  { path: '/figures', remote: 'admin', module: 'BusinessFigures', access: 'admin', nav: 'Figures' },
];

/** Where subscribers sign in (by e-mail link) and manage their subscriptions. */
export const ACCOUNT_PATH = '/account';

/** The account's name wherever a link leads to it: header, menu, footer, confirmation, e-mails. */
export const ACCOUNT_LINK_LABEL = 'My subscription';

/** The header's button in a browser where a subscriber has signed in: in place of Get Started, to the account. */
export const SUBSCRIBER_HEADER_LABEL = 'My account';

/**
 * Short addresses of pages of the site, as the header's labels name them (Collections, About):
 * each is sent on to its page (the server answers 301, the app redirects), never a 404.
 */
export const PATH_ALIASES: Readonly<Record<string, string>> = {
  '/collections': '/seasonal-collections',
  '/about': '/about-shelby-floral',
  '/gift': GIFTS_PATH,
};

/** The page a short address leads to; null when the path is no alias. */
export function aliasTarget(pathname: string): string | null {
  return Object.hasOwn(PATH_ALIASES, pathname) ? PATH_ALIASES[pathname]! : null;
}

/** The host's own page: staff sign in there. */
export const LOGIN_PATH = '/login';

/** The sign-in page for one address: where a new staff member's invitation e-mail leads (the page offers that address). */
export const loginPathFor = (email: string) => `${LOGIN_PATH}?email=${encodeURIComponent(email)}`;

/** The query parameter of loginPathFor. */
export const LOGIN_EMAIL_PARAM = 'email';

/** The site's routes: the server's list (app-config.json), or the routes before it when it sends none. */
export type SiteRoutes = readonly RemoteRoute[];

export function routeAt(routes: SiteRoutes, pathname: string): RemoteRoute | null {
  return routes.find((route) => route.path === pathname) ?? null;
}

/** Whether a path is a page of the site; any other path gets the 404 page, with status 404. */
export function isSitePage(routes: SiteRoutes, pathname: string): boolean {
  return pathname === LOGIN_PATH || routeAt(routes, pathname) !== null;
}

/** The staff screen at a path (the dashboard, My Deliveries, users, a history, the figures); null for a public page or none. */
export function staffRouteAt(routes: SiteRoutes, pathname: string): RemoteRoute | null {
  const route = routeAt(routes, pathname);
  return route && route.access !== 'public' ? route : null;
}

/** Whether a path is a staff screen: staff get a layout for work there. */
export function isStaffPage(routes: SiteRoutes, pathname: string): boolean {
  return staffRouteAt(routes, pathname) !== null;
}

export function remoteOfPath(routes: SiteRoutes, pathname: string): RemoteName | null {
  return routeAt(routes, pathname)?.remote ?? null;
}

/**
 * Paths where the visitor needs to know who is signed in straight away: the staff screens and
 * the sign-in page. The host's entry starts the sign-in there at once, and the server's preload
 * hints fetch Firebase Auth's chunks with the page.
 */
export function needsAuthAtOnce(routes: SiteRoutes, pathname: string): boolean {
  return pathname === LOGIN_PATH || isStaffPage(routes, pathname);
}
