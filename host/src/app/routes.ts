import { LOGIN_PATH, REMOTE_ROUTES } from '@blooms/shared/routes';

export { LOGIN_PATH, REMOTE_ROUTES, type Access, type RemoteRoute } from '@blooms/shared/routes';

/** Paths where the visitor needs to know who is signed in straight away. */
export function needsAuthAtOnce(pathname: string): boolean {
  if (pathname === LOGIN_PATH) return true;
  return REMOTE_ROUTES.some((route) => route.path === pathname && route.access !== 'public');
}
