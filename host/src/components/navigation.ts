import type { SessionRole } from '@blooms/shared/contract/roles';
import type { AuthStatus } from '@blooms/shared/runtime/auth-store';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH, BUSINESS_FIGURES_PATH, FORECAST_PATH } from '@blooms/shared/contract/routes';

export interface NavLinkItem {
  to: string;
  label: string;
  /** A staff screen's link, or a page of the public site. */
  kind?: 'staff' | 'site';
}

const SITE_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/seasonal-collections', label: 'Collections' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about-shelby-floral', label: 'About' },
].map((link) => ({ ...link, kind: 'site' }));

/**
 * The header's links: the public pages for everyone, with the staff screens by session: Today
 * (the dashboard, /dashboard), My Deliveries (every staff member: drivers live there), Forecast,
 * and for admins Users (Manage Users, /users) and Figures (the business figures). On a staff screen the staff links come first,
 * where the work is; the site's pages follow, still one tap away.
 */
export function headerLinks(status: AuthStatus, role: SessionRole, onStaffPage = false): NavLinkItem[] {
  const staff: NavLinkItem[] = [];
  if (status === 'signed-in')
    staff.push(
      { to: '/dashboard', label: 'Today' },
      { to: '/my-deliveries', label: 'My Deliveries' },
      { to: FORECAST_PATH, label: 'Forecast' },
    );
  if (status === 'signed-in' && role === 'admin')
    staff.push({ to: '/users', label: 'Users' }, { to: BUSINESS_FIGURES_PATH, label: 'Figures' });
  const staffLinks = staff.map((link): NavLinkItem => ({ ...link, kind: 'staff' }));
  return onStaffPage ? [...staffLinks, ...SITE_LINKS] : [...SITE_LINKS, ...staffLinks];
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
  ACCOUNT_LINK,
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];
