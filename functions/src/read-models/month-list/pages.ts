import { and, count, sql, type SQL } from 'drizzle-orm';
import { MATCH_COUNT_LIMIT, type SubscriptionPage, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { Db } from '../../db/database';
import { deliveries, subscriptions, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { isEverything, viewConditions, type MonthListView } from './filters';
import { keep, monthListOf, moveTo } from './kept-pages';
import { ASSIGNEE, deliveryInMonth, monthRows, toRow } from './rows';
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
  // The version is read before the page: a page read after it is at least that new, so it may
  // be kept under it. A change committed in between only makes a later request read again.
  const [{ version } = { version: 0 }] = await statements.version.execute();
  moveTo(kept, version);
  const key = JSON.stringify({ month, ...page, ...view });
  const found = version === kept.version ? kept.pages.get(key) : undefined;
  if (found) return found;
  const read = await readMonthPage(db, month, page, view);
  if (version === kept.version) keep(kept, key, read);
  return read;
}

/**
 * A page read from the database. With no filter and the default order, one prepared statement
 * reads it; a narrowed or reordered view builds its query (and counts its matches).
 */
async function readMonthPage(
  db: Db,
  month: MonthKey,
  page: { limit: number; cursor?: string },
  view: MonthListView,
): Promise<SubscriptionPage> {
  if (!isEverything(view)) return listViewPage(db, month, page, view);
  const { statements } = monthListOf(db);
  const [at, id] = page.cursor ? decodeCursor('newest', page.cursor) : [];
  const rows = at
    ? await statements.after.execute({ month, at, id, limit: page.limit + 1 })
    : await statements.first.execute({ month, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (await statements.total.execute())[0]?.total ?? 0;
  return {
    rows: shown.map(({ subscription, total: _, ...d }) => toRow(subscription, month, d)),
    nextCursor: rows.length > page.limit ? encodeCursor('newest', shown.at(-1)!.subscription) : null,
    total,
  };
}

async function listViewPage(
  db: Db,
  month: MonthKey,
  page: { limit: number; cursor?: string },
  view: MonthListView,
): Promise<SubscriptionPage> {
  const sort = SORTS[view.sort];
  const conditions = viewConditions(month, view);
  const after = page.cursor ? sort.after(decodeCursor(view.sort, page.cursor)) : undefined;
  const rows = await monthRows(db, month)
    .where(and(...conditions, after))
    .orderBy(...sort.order)
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    rows: shown.map(({ subscription, ...d }) => toRow(subscription, month, d)),
    nextCursor: rows.length > page.limit ? encodeCursor(view.sort, shown.at(-1)!.subscription) : null,
    // A first page that holds every match (most searches) has counted them already.
    total: !page.cursor && rows.length <= page.limit ? rows.length : await countMatches(db, month, conditions),
  };
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
    const page = await readMonthPage(db, month, { limit: 500, cursor }, view);
    yield* page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
