import { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';

/**
 * This app's cache of server state (TanStack Query): what its screens read, kept by query key
 * (api-query.ts) so a screen opened again draws at once and reads again behind it. Each app
 * bundles its own copy of this module, on purpose: a remote's screens then work with a host of
 * any release, and a remote's cache holds only its own routes (docs/architecture.md).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The one request path already asks a read answered 503 again (api-client.ts); other
      // failures (a refusal, a reply of another release) do not pass by asking again: the
      // screen shows them with its Retry.
      retry: false,
      // Asked even when the browser says it is offline: the staff service worker answers from
      // what it kept.
      networkMode: 'always',
      // Staff screens are kept current by the live feed; the others read when they open.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { networkMode: 'always' },
  },
});

// Another person's answers are never shown: the cache is emptied when a staff sign-in ends or
// another takes its place (not when one is restored: what was read meanwhile was read with it).
useAuthStore.subscribe((state, previous) => {
  if (previous.user && state.user?.uid !== previous.user.uid) queryClient.clear();
});
