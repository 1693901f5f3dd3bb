import { LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import type { HostPrerender, PrerenderedHtml } from '@blooms/shared/contract/prerender';
import { prerenderRoute } from '@blooms/shared/ui/prerender';
import { AppShell } from './app/AppShell';
import { PrerenderingShellContext } from './features/remotes/RemoteScreen';
import '@blooms/shared/styles/base.css';
import './app/app.css';

/** The shell of one route as the browser first renders it: a visitor, stores in their initial state. */
export function prerenderShell(path: string): PrerenderedHtml {
  return prerenderRoute(
    path,
    <PrerenderingShellContext.Provider value={true}>
      <AppShell />
    </PrerenderingShellContext.Provider>,
  );
}

/**
 * Run at build time (scripts/webpack/prerender-config.cjs): the shell of every public route the
 * host knows of when it is built. A public screen a remote adds later is sent as the plain page
 * (React renders it in the browser) until the host is built again.
 */
export function prerender(): HostPrerender {
  const publicPaths = LEGACY_REMOTE_ROUTES.filter((route) => route.access === 'public').map((route) => route.path);
  return { shells: Object.fromEntries(publicPaths.map((path) => [path, prerenderShell(path)])) };
}
