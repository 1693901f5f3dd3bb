import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import type { Access } from '@blooms/shared/contract/routes';
import { ensureAuthStarted, isStaffBrowser } from './start-auth';

export interface LoginRedirectState {
  /** An admin-only page a signed-in employee tried to open. */
  deniedPath: string;
}

/**
 * Signed-out people and people without a user record go to /login; so do non-admins opening
 * an admin screen: the screen's calls would all be refused, so it is not shown at all. The
 * server enforces the same rules on every request. While the sign-in is checked, a screen that
 * opens from what the device kept (`opensWhileChecking`) is shown at once in a browser where
 * staff signed in (sign-out forgets that, and what was kept); elsewhere it waits here.
 */
export function RequireAccess({
  access,
  opensWhileChecking = false,
  children,
}: {
  access: Access;
  opensWhileChecking?: boolean;
  children: ReactNode;
}) {
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.role);
  const { pathname } = useLocation();

  useEffect(() => {
    if (access !== 'public') void ensureAuthStarted().catch(() => undefined);
  }, [access]);

  if (access === 'public') return <>{children}</>;
  if (status === 'loading') {
    if (opensWhileChecking && isStaffBrowser()) return <>{children}</>;
    return (
      <p className="status-message" role="status">
        Checking your sign-in…
      </p>
    );
  }
  const staff = status === 'signed-in' && role !== 'none';
  if (staff && (access === 'staff' || role === 'admin')) return <>{children}</>;
  // Staff without the admin role land on /login too, told why, instead of bouncing to the dashboard.
  const state: LoginRedirectState | null = staff ? { deniedPath: pathname } : null;
  return <Navigate to="/login" replace state={state} />;
}
