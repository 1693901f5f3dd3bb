import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '@blooms/shared/contract/remotes';
import { staffRouteAt } from '@blooms/shared/contract/routes';

/** A remote that has not arrived after 120 s is a chunk-load failure: the screen shows its load error and a retry instead of waiting forever on a stalled connection. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** Registers every remote from the runtime manifest; the host bundle holds no remote URL. */
export function registerAppRemotes(remotes: Record<RemoteName, string>): void {
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

export type ScreenModule = { default: ComponentType };

/** Screens on their way, by id: a screen started early (startStaffScreenEarly) is not fetched twice. */
const loading = new Map<string, Promise<ScreenModule>>();

/** Loads a remote's screen; asked again while it loads, the same load answers (once loaded, the federation runtime keeps it). */
export function loadRemoteScreen(remote: RemoteName, module: string): Promise<ScreenModule> {
  const id = `${remote}/${module}`;
  let screen = loading.get(id);
  if (!screen) {
    screen = loadScreen(id);
    loading.set(id, screen);
    const forget = () => loading.delete(id);
    screen.then(forget, forget);
  }
  return screen;
}

/**
 * A staff screen's code is fetched while the sign-in is checked, not after: on a phone the two
 * one after the other cost the driver over half a second. Public screens load as they always do.
 */
export function startStaffScreenEarly(pathname: string): void {
  const route = staffRouteAt(pathname);
  if (route) void loadRemoteScreen(route.remote, route.module).catch(() => undefined);
}

/**
 * Fetches a staff screen's code ahead, without running it: started before the host's shared
 * modules (React, the router) are in, a remote run then would take its own copies of them,
 * and its router would never see the host's. The screen loads from these copies once the app
 * asks for it (startStaffScreenEarly).
 */
export function preloadStaffScreen(pathname: string): void {
  const route = staffRouteAt(pathname);
  if (route) {
    void preloadRemote([{ nameOrAlias: route.remote, exposes: [route.module], resourceCategory: 'sync', share: false }]).catch(
      () => undefined,
    );
  }
}

async function loadScreen(id: string): Promise<ScreenModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading ${id} timed out after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
  });
  try {
    const loaded = await Promise.race([loadRemote<ScreenModule>(id), timeout]);
    if (!loaded || typeof loaded.default !== 'function') {
      throw new ChunkLoadError(`${id} did not provide a screen`);
    }
    return loaded;
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(`Loading ${id} failed`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
