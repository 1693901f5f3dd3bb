import { useSyncExternalStore } from 'react';

// Whether a call of this app has met a reply it cannot read in this page load (api-client.ts
// records it): the screen then says the page was updated. Each app bundles its own copy of
// this module (Module Federation does not share it), so a screen hears of its own app's calls.
let met = false;
const listeners = new Set<() => void>();

export function recordUnreadableReply(): void {
  if (met) return;
  met = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether a call of this app has met a reply it cannot read, in this page load. */
export const hasMetUnreadableReply = () => met;

/** The same, for a component: it draws again when it changes (always false while prerendering). */
export const useMetUnreadableReply = () => useSyncExternalStore(subscribe, hasMetUnreadableReply, () => false);

/** Loads the page again, from the server: the apps of the API's own release. */
export const reloadPage = () => window.location.reload();
