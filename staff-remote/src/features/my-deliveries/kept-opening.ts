import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { STAFF_OFFLINE_CACHE } from '@blooms/shared/contract/staff-offline';
import { backendUrl } from '@blooms/shared/runtime/api-client';
import { signInChecked } from '@blooms/shared/runtime/auth-store';
import type { Opening } from './use-opening';

const openingUrl = () => new URL(backendUrl(STAFF_ROUTES.myDeliveriesStart.path), location.href).href;

/**
 * The last opening of My Deliveries this device kept (the service worker keeps every answer,
 * staff-sw.ts), read from its cache without a request: null when nothing is kept, or the copy
 * does not read as one. Sign-out deletes that cache, so it is the signed-in driver's own.
 */
export async function keptOpening(): Promise<Opening | null> {
  try {
    if (typeof caches === 'undefined' || !(await caches.has(STAFF_OFFLINE_CACHE))) return null;
    const cache = await caches.open(STAFF_OFFLINE_CACHE);
    const kept = await cache.match(openingUrl(), { ignoreVary: true });
    if (!kept) return null;
    const parsed = STAFF_ROUTES.myDeliveriesStart.response.safeParse(await kept.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps an opening the page was answered itself: on a first visit the request goes out before
 * the service worker takes over, so the worker never sees it. Only once the sign-in is
 * confirmed and while it lasts: a sign-out deletes the cache, and an answer arriving after it
 * must not put a copy back.
 */
export async function keepOpening(opening: Opening): Promise<void> {
  try {
    if (typeof caches === 'undefined' || !(await signInChecked())) return;
    const cache = await caches.open(STAFF_OFFLINE_CACHE);
    await cache.put(openingUrl(), new Response(JSON.stringify(opening), { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Storage full or disabled: the next opening simply waits for the server.
  }
}

/** Whether a kept list may be shown to this person: anyone's while the sign-in is checked (`email` null), else only their own stops. */
export function isKeptFor(opening: Opening, email: string | null): boolean {
  return email === null || (opening.rows ?? []).every((row) => row.delivery.assignedTo === email);
}
