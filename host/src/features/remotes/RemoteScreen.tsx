import { lazy, Suspense, useMemo, useState } from 'react';
import type { RemoteName } from '@blooms/shared/app-config';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteScreen, resetRemote } from './remote-registry';

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

/** Loads one screen exposed by a remote, inside its own error boundary with Retry. */
export function RemoteScreen({ remote, module }: Props) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy() for good.
  const Screen = useMemo(() => lazy(() => loadRemoteScreen(remote, module)), [remote, module, attempt]);

  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={`${remote}/${module}/${attempt}`} section={SECTION_NAMES[remote]} onRetry={retry}>
      <Suspense fallback={<p className="status-message" role="status">Loading…</p>}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
