import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '@blooms/shared/contract/remotes';

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

export async function loadRemoteScreen(remote: RemoteName, module: string): Promise<ScreenModule> {
  const id = `${remote}/${module}`;
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
