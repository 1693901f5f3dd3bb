import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { keepAnswer, keptAnswer } from '@blooms/shared/runtime/staff-offline-copy';
import { signInChecked } from '@blooms/shared/runtime/auth-store';
import type { Opening } from './use-opening';

const OPENING = STAFF_ROUTES.myDeliveriesStart;
const ME = STAFF_ROUTES.me;

/** What My Deliveries draws before it hears from the server: the last opening, and whose it is. */
export interface Kept {
  opening: Opening;
  /** The driver's record as the host kept it at sign-in (firebase-session.ts), for the heading; null if none was kept. */
  record: UserRecord | null;
}

/**
 * The last opening of My Deliveries this device kept (the service worker keeps every answer,
 * staff-sw.ts), and the driver's record, read from its cache without a request. Sign-out
 * deletes that cache, so both are the signed-in driver's own.
 */
export async function keptOpening(): Promise<Kept | null> {
  const [opening, record] = await Promise.all([keptAnswer(OPENING.path, OPENING.response), keptAnswer(ME.path, ME.response)]);
  return opening && { opening, record };
}

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
