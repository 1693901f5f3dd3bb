import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '@blooms/shared/contract/remotes';
import { staffRouteAt } from '@blooms/shared/contract/routes';
import { siteRoutes } from './site-routes';
import { preloadOwnSharedCopies } from './preload-own-shared';

/** A remote that has not arrived after 120 s is a chunk-load failure: the screen shows its load error and a retry instead of waiting forever on a stalled connection. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Why the remote's live build cannot give the screen, where trying again cannot help until
 * the site is updated: it does not expose the module (a build older than the route), or it
 * was built for shared modules of another major version than the host has (strictVersion).
 */
export type UnavailableReason = 'not-exposed' | 'incompatible';

export class ScreenUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: UnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ScreenUnavailableError';
  }
}

/** The federation runtime's words for a module the remote does not expose, or a shared module it refuses (strictVersion). */
const NOT_EXPOSED = /RUNTIME-014|does not exist in container/;
const INCOMPATIBLE = /does not satisfy the requirement/;

/** Why trying again cannot help, in the runtime's own words (they name the module and the versions); null when it may. */
function unavailableReason(error: unknown): { reason: UnavailableReason; detail: string } | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (NOT_EXPOSED.test(cause.message)) return { reason: 'not-exposed', detail: cause.message };
    if (INCOMPATIBLE.test(cause.message)) return { reason: 'incompatible', detail: cause.message };
  }
  return null;
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
  const route = staffRouteAt(siteRoutes(), pathname);
  if (route && !route.unavailable) void loadRemoteScreen(route.remote, route.module).catch(() => undefined);
}

/**
 * Fetches a staff screen's code ahead without running it, with the remote's own copies of the
 * shared modules the host does not provide (preload-own-shared.ts): started before the host's
 * shared modules (React, the router) are in, a remote run then would take its own copies of
 * them, and its router would never see the host's. The screen loads from these copies once the app
 * asks for it (startStaffScreenEarly).
 */
export function preloadStaffScreen(pathname: string): void {
  const route = staffRouteAt(siteRoutes(), pathname);
  if (route && !route.unavailable) {
    registerPlugins([preloadOwnSharedCopies]);
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
    if (error instanceof ChunkLoadError) throw error;
    const unavailable = unavailableReason(error);
    if (!unavailable) throw new ChunkLoadError(`Loading ${id} failed`, { cause: error });
    const what =
      unavailable.reason === 'not-exposed'
        ? `The live build does not expose ${id}`
        : `${id} was built for shared modules this host does not have`;
    throw new ScreenUnavailableError(`${what} (${unavailable.detail})`, unavailable.reason, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
