import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@blooms/shared/runtime/query-client';

/** Gives a screen's queries its app's cache (runtime/query-client.ts): a remote's screen brings its own, whatever the host's release. */
export function ServerState({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
