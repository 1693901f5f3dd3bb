import { act, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import type { SessionRole } from '@blooms/shared/contract/roles';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { LEGACY_REMOTE_ROUTES, type RemoteRoute } from '@blooms/shared/contract/routes';
import { useAppConfig } from '@blooms/shared/runtime/app-config';

/** Shows the current path, so tests can see where navigation went. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export function renderAt(route: string, ui: ReactElement) {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[route]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function signIn(role: SessionRole, email = `${role}@blooms.example`) {
  useAuthStore.setState({
    status: 'signed-in',
    role,
    user: { uid: `uid-${role}`, email, displayName: null, photoURL: null, phoneNumber: null },
    record: role === 'none' ? null : { id: `id-${role}`, name: `Sam ${role}`, email, role },
  });
}

export function signOutForTest() {
  useAuthStore.setState({ status: 'signed-out', role: 'none', user: null, record: null });
}

/** The site's routes as a server would send them in app-config.json (null: no configuration yet). */
export function serveSiteRoutes(routes: RemoteRoute[] | null) {
  act(() => useAppConfig.setState({ config: routes ? ({ routes } as AppConfig) : null }));
}

/** The legacy routes with one more a remote declares. */
export const withRoute = (route: RemoteRoute): RemoteRoute[] => [...LEGACY_REMOTE_ROUTES, route];
