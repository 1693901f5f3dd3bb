import { and, count, sql, type SQL } from 'drizzle-orm';
import { MATCH_COUNT_LIMIT, type DashboardSort, type SubscriptionPage, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../../db/database';
import { deliveries, subscriptions, users, type SubscriptionDbRow } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { isEverything, isPlainSearch, viewConditions, type MonthListView } from './filters';
import { keep, monthListOf, moveTo } from './kept-pages';
import { ASSIGNEE, deliveryInMonth, toRow, versionedMonthRows, type DeliveryColumns } from './rows';
import { searchTerms } from './search';
import { SORTS } from './sorts';

/**
 * One page of the subscriptions in the view, with each one's delivery in the month, as the
 * dashboard asks for it. Pages are kept and served again until the month list version (bumped
 * by every committed change to what they show, migration 0015) moves on: staff screens ask
 * for the same pages over and over, and reading one costs far more than checking the version.
 */
export async function listMonthPage(
  db: Db,
  month: MonthKey,
  page: { limit: number; cursor?: string },
  view: MonthListView = { sort: 'newest' },
): Promise<SubscriptionPage> {
  const { statements, kept } = monthListOf(db);
  const key = JSON.stringify({ month, ...page, ...view });
  if (kept.pages.has(key)) {
    // A kept page is served while the version has not moved since it was read.
    const [{ version } = { version: 0 }] = await statements.version.execute();
    moveTo(kept, version);
    const found = kept.pages.get(key);
    if (found) return found;
  }
  const { read, version } = await readMonthPage(db, month, page, view);
  // Kept under the version read with its rows, in the same statement: a page with no rows
  // has none and is not kept. One read at an older version than another's is not kept either.
  if (version !== null) {
    moveTo(kept, version);
    if (version === kept.version) keep(kept, key, read);
  }
  return read;
}

/** A page as read, and the month list version it was read at (null when no row carried it). */
interface ReadPage {
  read: SubscriptionPage;
  version: number | null;
}

/**
 * A page read from the database. With no filter and the default order, one prepared statement
 * reads it, and so does a search's first page; any other view builds its query (and counts its matches).
 */
async function readMonthPage(db: Db, month: MonthKey, page: { limit: number; cursor?: string }, view: MonthListView): Promise<ReadPage> {
  const { statements } = monthListOf(db);
  if (isPlainSearch(view) && !page.cursor) {
    const rows = await statements.search.execute({ month, ...searchTerms(view.q!.trim()), limit: page.limit + 1 });
    // A first page that holds every match (most searches) has counted them already.
    const total = rows.length <= page.limit ? rows.length : await countMatches(db, month, viewConditions(month, view));
    return pageOf(rows, month, page.limit, 'newest', total);
  }
  if (!isEverything(view)) return listViewPage(db, month, page, view);
  const [at, id] = page.cursor ? decodeCursor('newest', page.cursor) : [];
  const rows = at
    ? await statements.after.execute({ month, at, id, limit: page.limit + 1 })
    : await statements.first.execute({ month, limit: page.limit + 1 });
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (await statements.total.execute())[0]?.total ?? 0;
  return pageOf(rows, month, page.limit, 'newest', total);
}

type MonthRow = DeliveryColumns & { subscription: SubscriptionDbRow; version: number };

/** The page made of the rows read (one more than the page holds, if there are more), in the view's order. */
function pageOf(rows: MonthRow[], month: MonthKey, limit: number, sort: DashboardSort, total: number): ReadPage {
  const shown = rows.slice(0, limit);
  return {
    read: {
      rows: shown.map(({ subscription, version: _version, ...columns }) => toRow(subscription, month, columns)),
      nextCursor: rows.length > limit ? encodeCursor(sort, shown.at(-1)!.subscription) : null,
      total,
    },
    version: rows[0]?.version ?? null,
  };
}

async function listViewPage(db: Db, month: MonthKey, page: { limit: number; cursor?: string }, view: MonthListView): Promise<ReadPage> {
  const sort = SORTS[view.sort];
  const conditions = viewConditions(month, view);
  const after = page.cursor ? sort.after(decodeCursor(view.sort, page.cursor)) : undefined;
  const rows = await versionedMonthRows(db, month)
    .where(and(...conditions, after))
    .orderBy(...sort.order)
    .limit(page.limit + 1);
  // A first page that holds every match has counted them already.
  const total = !page.cursor && rows.length <= page.limit ? rows.length : await countMatches(db, month, conditions);
  return pageOf(rows, month, page.limit, view.sort, total);
}

/** How many subscriptions the view's conditions match, counted up to MATCH_COUNT_LIMIT + 1. */
async function countMatches(db: Db, month: MonthKey, conditions: SQL[]): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE)
    .where(and(...conditions))
    .limit(MATCH_COUNT_LIMIT + 1)
    .as('matching');
  const [counted] = await db.select({ total: count() }).from(matching);
  return counted?.total ?? 0;
}

/** Every subscription in the view, page by page (for the CSV export; read, not kept). */
export async function* allInView(db: Db, month: MonthKey, view: MonthListView): AsyncGenerator<SubscriptionRow> {
  let cursor: string | undefined;
  do {
    const { read: page } = await readMonthPage(db, month, { limit: 500, cursor }, view);
    yield* page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
