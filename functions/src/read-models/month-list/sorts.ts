import { asc, sql, type SQL } from 'drizzle-orm';
import type { DashboardSort } from '@blooms/shared/contract/deliveries';
import { subscriptions, type SubscriptionDbRow } from '../../db/schema';
import { NEWEST_FIRST } from './rows';

/**
 * Each order with its keyset: the columns it sorts by (ending with the id, so it is total),
 * and how a page starts after a row. The cursor carries the last row's values.
 */
export const SORTS: Record<DashboardSort, { order: SQL[]; keyOf: (row: SubscriptionDbRow) => string[]; after: (key: string[]) => SQL }> = {
  newest: {
    order: NEWEST_FIRST,
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    after: ([at, id]) => sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${at}::timestamptz, ${id}::uuid)`,
  },
  name: {
    order: [asc(subscriptions.lastName), asc(subscriptions.firstName), asc(subscriptions.id)],
    keyOf: (row) => [row.lastName, row.firstName, row.id],
    after: ([last, first, id]) =>
      sql`(${subscriptions.lastName}, ${subscriptions.firstName}, ${subscriptions.id}) > (${last}, ${first}, ${id}::uuid)`,
  },
  zip: {
    order: [asc(subscriptions.zip), asc(subscriptions.id)],
    keyOf: (row) => [row.zip, row.id],
    after: ([zip, id]) => sql`(${subscriptions.zip}, ${subscriptions.id}) > (${zip}, ${id}::uuid)`,
  },
};
