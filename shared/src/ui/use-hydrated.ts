import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False while a prerendered page is being hydrated (and when prerendering), true once React
 * runs the page. A form prerendered by the server uses it to stay disabled until its handlers
 * exist: what someone typed earlier would be lost, and a submit would reach no code.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
