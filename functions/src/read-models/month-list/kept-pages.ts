import type { SubscriptionPage } from '@blooms/shared/contract/deliveries';
import { perDatabase } from '../../db/per-database';
import { prepareMonthList } from './statements';

/** Pages read at `version`, by month, view, size and cursor: kept while nothing they show changes. */
export interface KeptPages {
  version: number;
  pages: Map<string, SubscriptionPage>;
  rows: number;
}
/** Rows kept per database (a few MB) before it starts again. */
const MAX_KEPT_ROWS = 5_000;

/** The database's prepared month-list statements and kept pages, made on first use. */
export const monthListOf = perDatabase((db) => {
  const kept: KeptPages = { version: -1, pages: new Map(), rows: 0 };
  return { statements: prepareMonthList(db), kept };
});

/** Forgets every kept page once the month list version has moved past them. */
export function moveTo(kept: KeptPages, version: number): void {
  if (version > kept.version) {
    kept.pages.clear();
    kept.rows = 0;
    kept.version = version;
  }
}

/** Keeps a page read at the kept version, starting again when the pages would hold too many rows. */
export function keep(kept: KeptPages, key: string, page: SubscriptionPage): void {
  if (kept.rows + page.rows.length > MAX_KEPT_ROWS) {
    kept.pages.clear();
    kept.rows = 0;
  }
  kept.pages.set(key, page);
  kept.rows += page.rows.length;
}
