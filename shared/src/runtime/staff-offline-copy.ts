import type { z } from 'zod';
import { STAFF_OFFLINE_CACHE } from '../contract/staff-offline';
import { backendUrl } from './api-client';

/** Where an API answer is kept: under the URL the page asks for it by, which is what the service worker looks up offline. */
const keptUrl = (path: string) => new URL(backendUrl(path), location.href).href;

/**
 * Keeps an API answer in My Deliveries' offline copy (the service worker's cache): for the
 * answers a first visit got before the worker took over, which the worker never saw. The
 * caller decides it is the signed-in person's own; a sign-out deletes the whole copy.
 */
export async function keepAnswer(path: string, answer: unknown): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    const cache = await caches.open(STAFF_OFFLINE_CACHE);
    await cache.put(keptUrl(path), new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Storage full or disabled: the next opening simply waits for the server.
  }
}

/** The kept answer for an API path, read as `schema` says, without a request: null when none is kept or it does not read as one. */
export async function keptAnswer<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    if (typeof caches === 'undefined' || !(await caches.has(STAFF_OFFLINE_CACHE))) return null;
    const kept = await (await caches.open(STAFF_OFFLINE_CACHE)).match(keptUrl(path), { ignoreVary: true });
    if (!kept) return null;
    const parsed = schema.safeParse(await kept.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
