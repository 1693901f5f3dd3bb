import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Preloads, with a screen's code, the remote's own copies of the shared modules the host does
 * not provide (@tanstack/react-query, which only the remotes use). The federation runtime
 * preloads only the screen's chunks; those copies were asked for once the screen ran, a round
 * trip after the host's code had arrived.
 */
export const preloadOwnSharedCopies: ModuleFederationRuntimePlugin = {
  name: 'preload-own-shared-copies',
  handlePreloadModule({ remote, remoteSnapshot, origin }) {
    if (!('shared' in remoteSnapshot) || !('entry' in remote)) return;
    for (const shared of remoteSnapshot.shared) {
      if (origin.options.shared[shared.sharedName]) continue;
      for (const file of shared.assets.js.sync) preloadScript(new URL(file, remote.entry).href);
    }
  },
};

function preloadScript(href: string): void {
  if (document.querySelector(`link[rel="preload"][href="${href}"], script[src="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}
