import { useSyncExternalStore } from 'react';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { LEGACY_REMOTE_ROUTES, type SiteRoutes } from '@blooms/shared/contract/routes';

/**
 * The site's pages as the live remotes declare them, from the configuration the server sent
 * (it reads each remote's manifest): a screen a remote adds needs no host release. Before the
 * configuration is in (a prerendered page), or from a server that sends none, the routes from
 * before remotes declared them.
 */
export function siteRoutes(): SiteRoutes {
  return useAppConfig.getState().config?.routes ?? LEGACY_REMOTE_ROUTES;
}

/**
 * The site's routes, also while React hydrates a prerendered page: the host sets the
 * configuration before hydrating, and a store hook would hydrate against the store's initial
 * state (no configuration) and then update the screens' Suspense boundaries before their
 * remote has arrived, which makes React throw the server's HTML away.
 */
export function useSiteRoutes(): SiteRoutes {
  return useSyncExternalStore(useAppConfig.subscribe, siteRoutes, siteRoutes);
}
