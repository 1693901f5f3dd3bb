import type { DashboardSort } from '@blooms/shared/contract/deliveries';
import type { SubscriptionDbRow } from '../../db/schema';
import { InvalidInputError } from '../../domain/errors';
import { SORTS } from './sorts';

/**
 * The month list's one cursor: the order it was given out for and the last row's key in that
 * order (SORTS), whether the page came from a prepared statement or a built query.
 */
export function encodeCursor(sort: DashboardSort, row: SubscriptionDbRow): string {
  return Buffer.from(JSON.stringify({ sort, key: SORTS[sort].keyOf(row) })).toString('base64url');
}

const KEY_LENGTH: Record<DashboardSort, number> = { newest: 2, name: 3, zip: 2 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A time as toISOString writes it (a four-digit year): one PostgreSQL holds. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Only a cursor this server gave out, for the same order: strings of the right count, a real id (and time), nothing the database could refuse. */
export function decodeCursor(sort: DashboardSort, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    parsed = null;
  }
  const { sort: given, key } = (parsed ?? {}) as { sort?: unknown; key?: unknown };
  if (typeof given !== 'string' || !Object.hasOwn(SORTS, given)) throw new InvalidInputError('cursor is not one this server gave out.');
  const valid =
    given === sort &&
    Array.isArray(key) &&
    key.length === KEY_LENGTH[sort] &&
    key.every((part) => typeof part === 'string' && part.length <= 200 && !part.includes('\u0000')) &&
    UUID.test(key.at(-1) as string) &&
    (sort !== 'newest' || (ISO_TIME.test(key[0] as string) && !Number.isNaN(new Date(key[0] as string).getTime())));
  if (!valid)
    throw new InvalidInputError(
      given === sort ? 'cursor is not one this server gave out.' : 'cursor is not one this server gave out for this order.',
    );
  return key as string[];
}
