import type { SessionRole } from '@blooms/shared/contract/roles';
import type { AuthStatus } from '@blooms/shared/runtime/auth-store';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The header's links: the public pages for everyone, with Dashboard, My Deliveries (every staff member: drivers live there) and Manage Users by session. */
export function headerLinks(status: AuthStatus, role: SessionRole): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { to: '/', label: 'Home' },
    { to: '/how-it-works', label: 'How It Works' },
    { to: '/seasonal-collections', label: 'Collections' },
    { to: '/faq', label: 'FAQ' },
    { to: '/about-shelby-floral', label: 'About' },
  ];
  if (status === 'signed-in') links.push({ to: '/dashboard', label: 'Dashboard' }, { to: '/my-deliveries', label: 'My Deliveries' });
  if (status === 'signed-in' && role === 'admin') links.push({ to: '/users', label: 'Manage Users' });
  return links;
}

export const FOOTER_LINKS: NavLinkItem[] = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/subscribe', label: 'Subscribe' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];
