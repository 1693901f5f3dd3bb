import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { keepAnswer, keptAnswer } from '@blooms/shared/runtime/staff-offline-copy';
import { signInChecked } from '@blooms/shared/runtime/auth-store';
import type { Opening } from './use-opening';

const OPENING = STAFF_ROUTES.myDeliveriesStart;

/**
 * The last opening of My Deliveries this device kept (the service worker keeps every answer,
 * staff-sw.ts), read from its cache without a request. Sign-out deletes that cache, so it is
 * the signed-in driver's own.
 */
export const keptOpening = (): Promise<Opening | null> => keptAnswer(OPENING.path, OPENING.response);

/**
 * Keeps an opening the page was answered itself: on a first visit the request goes out before
 * the service worker takes over, so the worker never sees it. Only once the sign-in is
 * confirmed and while it lasts: a sign-out deletes the cache, and an answer arriving after it
 * must not put a copy back.
 */
export async function keepOpening(opening: Opening): Promise<void> {
  if (await signInChecked()) await keepAnswer(OPENING.path, opening);
}

/** Whether a kept list may be shown to this person: anyone's while the sign-in is checked (`email` null), else only their own stops. */
export function isKeptFor(opening: Opening, email: string | null): boolean {
  return email === null || (opening.rows ?? []).every((row) => row.delivery.assignedTo === email);
}
