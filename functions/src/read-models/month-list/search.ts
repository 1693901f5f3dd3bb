import { or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What the search box matches the beginning of. Each is written exactly as its btree index in
 * migration 0019 (text_pattern_ops), so a prefix LIKE reads a few index entries instead of
 * every subscription: dispatchers type the beginning of a name, an address or a number.
 */
export const SEARCH_KEYS = {
  /** "ann", "anna k": the first name, or first and last name as written. */
  fullName: sql`lower(${subscriptions.firstName} || ' ' || ${subscriptions.lastName})`,
  lastName: sql`lower(${subscriptions.lastName})`,
  email: sql`lower(${subscriptions.email})`,
  address: sql`lower(${subscriptions.address})`,
  /** The street without its house number: "maple" finds "1200 Maple Ave". */
  street: sql`lower(regexp_replace(${subscriptions.address}, '^[0-9]+\\s*', ''))`,
  city: sql`lower(${subscriptions.city})`,
  zip: sql`lower(${subscriptions.zip})`,
  phoneDigits: sql`regexp_replace(${subscriptions.phone}, '\\D', '', 'g')`,
};

/** What the search box looks for: LIKE patterns for the beginning typed and for its phone digits (null when it has none). */
export interface SearchTerms {
  prefix: string;
  digits: string | null;
}

/** The terms of what was typed (already trimmed, not empty). */
export function searchTerms(q: string): SearchTerms {
  // A phone number as typed ("(801) 555-98") is looked for as its digits; words with letters in them are not.
  const digits = /\p{L}/u.test(q) ? '' : q.replace(/\D/g, '');
  return { prefix: `${escapeLike(q.toLowerCase())}%`, digits: digits.length >= 3 ? `${digits}%` : null };
}

/**
 * The month list's search box: the subscriptions where a name, the e-mail, the street, the
 * address or street, the city, the ZIP or the phone's digits begin with what was typed. The
 * terms are values or a prepared statement's placeholders: the database plans each search with
 * its values, so the indexes serve either (a null digits pattern matches nothing and is planned away).
 */
export function searchCondition(terms: { [K in keyof SearchTerms]: SearchTerms[K] | Placeholder }): SQL {
  const { prefix, digits } = terms;
  return or(
    sql`${SEARCH_KEYS.fullName} like ${prefix}`,
    sql`${SEARCH_KEYS.lastName} like ${prefix}`,
    sql`${SEARCH_KEYS.email} like ${prefix}`,
    sql`${SEARCH_KEYS.address} like ${prefix}`,
    sql`${SEARCH_KEYS.street} like ${prefix}`,
    sql`${SEARCH_KEYS.city} like ${prefix}`,
    sql`${SEARCH_KEYS.zip} like ${prefix}`,
    digits === null ? undefined : sql`${SEARCH_KEYS.phoneDigits} like ${digits}`,
  )!;
}
