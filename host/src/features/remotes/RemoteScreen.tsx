import { lazy, Suspense, useState } from 'react';
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
  const load = () => lazy(() => loadRemoteScreen(remote, module));
  const [attempt, setAttempt] = useState(() => ({ count: 0, Screen: load() }));
  const { Screen } = attempt;

  const retry = () => {
    resetRemote(remote);
    // A new lazy component per attempt: React caches a rejected lazy() for good.
    setAttempt(({ count }) => ({ count: count + 1, Screen: load() }));
  };

  return (
    <RemoteErrorBoundary key={attempt.count} section={SECTION_NAMES[remote]} onRetry={retry}>
      <Suspense fallback={<p className="status-message" role="status">Loading…</p>}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
