import { or, sql, type SQL } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What the search looks in: name, e-mail, address, city, ZIP and the phone's digits, as one
 * lower-case text. Written exactly as the trigram index of migration 0007, so a "contains"
 * search reads that index instead of every subscription.
 */
const SEARCH_TEXT = sql`lower(${subscriptions.firstName} || ' ' || ${subscriptions.lastName} || ' ' || ${subscriptions.email} || ' ' || ${subscriptions.address} || ' ' || ${subscriptions.city} || ' ' || ${subscriptions.zip} || ' ' || regexp_replace(${subscriptions.phone}, '\\D', '', 'g'))`;

/** The month list's search box: the subscriptions whose text contains what was typed (already trimmed, not empty). */
export function searchCondition(q: string): SQL | undefined {
  // A phone number as typed ("(801) 555-98") is also looked for as its digits; words with digits in them are not.
  const digits = /\p{L}/u.test(q) ? '' : q.replace(/\D/g, '');
  return or(
    sql`${SEARCH_TEXT} like ${`%${escapeLike(q.toLowerCase())}%`}`,
    digits.length >= 3 ? sql`${SEARCH_TEXT} like ${`%${digits}%`}` : undefined,
  );
}
