import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthStore } from '@blooms/shared/auth-store';
import type { Access } from '../../app/routes';
import { ensureAuthStarted } from './start-auth';

/**
 * Spec section 6: signed-out people and people without a user record go to /login; so do
 * non-admins opening an admin screen. The server enforces the same rules on every request.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.role);

  useEffect(() => {
    if (access !== 'public') void ensureAuthStarted().catch(() => undefined);
  }, [access]);

  if (access === 'public') return <>{children}</>;
  if (status === 'loading') {
    return (
      <p className="status-message" role="status">
        Checking your sign-in…
      </p>
    );
  }
  const allowed = status === 'signed-in' && (access === 'admin' ? role === 'admin' : role !== 'none');
  return allowed ? <>{children}</> : <Navigate to="/login" replace />;
}
