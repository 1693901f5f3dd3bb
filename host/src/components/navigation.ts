import type { SessionRole } from '@blooms/shared/contract/roles';
import type { AuthStatus } from '@blooms/shared/runtime/auth-store';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH, GIFTS_PATH, type SiteRoutes } from '@blooms/shared/contract/routes';

export interface NavLinkItem {
  to: string;
  label: string;
  /** A staff screen's link, or a page of the public site. */
  kind?: 'staff' | 'site';
}

/** The public site's pages: in the header of a public page, behind the Site menu on a staff screen. */
export const SITE_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/seasonal-collections', label: 'Collections' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about-shelby-floral', label: 'About' },
].map((link) => ({ ...link, kind: 'site' }));

/**
 * The header bar's links: the public pages for everyone, with the staff screens by session: the
 * screens the live remotes give a navigation label (staff/exposes.cjs: Today, My Deliveries,
 * Forecast; admin-remote/exposes.cjs: Users, Figures), those for admins to admins only, none
 * that its remote's live build does not have. On a staff screen only the staff screens: the
 * site's pages are behind the Site menu (SiteMenu.tsx), still a tap away.
 */
export function headerLinks(routes: SiteRoutes, status: AuthStatus, role: SessionRole, onStaffPage = false): NavLinkItem[] {
  const staffLinks =
    status !== 'signed-in'
      ? []
      : routes
          .filter(
            (route) => route.nav && !route.unavailable && (route.access === 'staff' || (route.access === 'admin' && role === 'admin')),
          )
          .map((route): NavLinkItem => ({ to: route.path, label: route.nav!, kind: 'staff' }));
  return onStaffPage ? staffLinks : [...SITE_LINKS, ...staffLinks];
}

/** Where a subscriber manages deliveries: beside Get Started in the header and menu, and in the footer. */
export const ACCOUNT_LINK: NavLinkItem = { to: ACCOUNT_PATH, label: ACCOUNT_LINK_LABEL };

/** On staff screens the footer is one line: the legal pages and how to reach the studio. */
export const STAFF_FOOTER_LINKS: NavLinkItem[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

export const FOOTER_LINKS: NavLinkItem[] = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/subscribe', label: 'Subscribe' },
  { to: GIFTS_PATH, label: 'Gifts' },
  ACCOUNT_LINK,
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];
