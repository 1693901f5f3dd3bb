import { LOGIN_PATH, REMOTE_ROUTES } from '@blooms/shared/contract/routes';

/**
 * Paths where the visitor needs to know who is signed in straight away: the staff screens and
 * the sign-in page. Pure (the host's entry uses it before the shared modules are ready).
 */
export function needsAuthAtOnce(pathname: string): boolean {
  if (pathname === LOGIN_PATH) return true;
  return REMOTE_ROUTES.some((route) => route.path === pathname && route.access !== 'public');
}
