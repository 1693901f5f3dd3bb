import { createContext, lazy, Suspense, useContext, useEffect, useState } from 'react';
import type { RemoteName } from '@blooms/shared/contract/remotes';
import { RemoteErrorBoundary, ScreenUpdating } from './RemoteErrorBoundary';
import { loadRemoteScreen } from './remote-registry';
import { reloadPage } from '@blooms/shared/runtime/unreadable-replies';

const SECTION_NAMES: Record<RemoteName, string> = {
  marketing: 'information',
  subscribe: 'subscription',
  staff: 'staff',
  admin: 'user management',
};

/** True while the host's shell is prerendered: screens are left as a slot for the server to fill. */
export const PrerenderingShellContext = createContext(false);

/** Where the server puts the remote's prerendered screen (SCREEN_SLOT of @blooms/shared/prerender). */
function ScreenSlot() {
  return <template data-screen-slot="" />;
}

interface Props {
  remote: RemoteName;
  module: string;
  /** The remote's live build does not expose the module (the server read its manifest): nothing to load. */
  unavailable?: boolean;
}

/** Says the page is being updated, and reports which module is missing. */
function NotExposed({ remote, module }: Props) {
  useEffect(() => console.error(`The live ${remote} build does not expose ${module}`), [remote, module]);
  return <ScreenUpdating section={SECTION_NAMES[remote]} reason="not-exposed" />;
}

/**
 * Loads one screen exposed by a remote, inside its own error boundary. Retry reloads the
 * page: the browser may hold the failed, preloaded remote entry for the page's lifetime,
 * and only a reload asks the server again. On a prerendered page React keeps the server's
 * HTML for the screen until the remote has loaded, then hydrates it.
 */
export function RemoteScreen({ remote, module, unavailable = false }: Props) {
  const prerendering = useContext(PrerenderingShellContext);
  const [Screen] = useState(() => (prerendering ? ScreenSlot : lazy(() => loadRemoteScreen(remote, module))));
  if (unavailable) return <NotExposed remote={remote} module={module} />;
  return (
    <RemoteErrorBoundary section={SECTION_NAMES[remote]} onRetry={reloadPage}>
      <Suspense
        fallback={
          <p className="status-message" role="status">
            Loading…
          </p>
        }
      >
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
