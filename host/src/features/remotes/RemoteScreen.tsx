import { lazy, Suspense, useState } from 'react';
import type { RemoteName } from '@blooms/shared/app-config';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteScreen } from './remote-registry';
import { reloadPage } from './reload-page';

const SECTION_NAMES: Record<RemoteName, string> = {
  marketing: 'information',
  subscribe: 'subscription',
  staff: 'staff',
  admin: 'user management',
};

interface Props {
  remote: RemoteName;
  module: string;
}

/**
 * Loads one screen exposed by a remote, inside its own error boundary. Retry reloads the
 * page: the browser may hold the failed, preloaded remote entry for the page's lifetime,
 * and only a reload asks the server again.
 */
export function RemoteScreen({ remote, module }: Props) {
  const [Screen] = useState(() => lazy(() => loadRemoteScreen(remote, module)));
  return (
    <RemoteErrorBoundary section={SECTION_NAMES[remote]} onRetry={reloadPage}>
      <Suspense fallback={<p className="status-message" role="status">Loading…</p>}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
