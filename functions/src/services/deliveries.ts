import { and, asc, count, desc, eq, inArray, isNull, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { displayStatus, MATCH_COUNT_LIMIT, nextStatus, REVERT_UNDO_ACCEPTED_SECONDS, type DashboardSort, type DeliveryStatus, type MonthDelivery, type SubscriptionPage, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { formatMonth, MONTH_NAMES, type MonthKey } from '@blooms/shared/contract/months';
import { deliversIn, monthState, type SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { inTransaction, type Db } from '../db/database';
import { deliveries, deliveryEvents, monthListVersion, routeOrders, subscriptionCount, subscriptions, users, type SubscriptionDbRow } from '../db/schema';
import { planRoute, type Point } from './route-order';
import type { Geocoder } from '../infrastructure/geocoder';
import { announce, announceAll } from '../infrastructure/change-feed';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors';
import { findUserByEmail } from './users';
import { lifecycleOf } from './lifecycle';
import { queueEmail } from '../infrastructure/email-outbox';
import { DOOR_PHOTO_CID, leftAtDoorEmail, type MailSite } from '../mail/account-change-email';

/** A stale click: the caller saw another status than the one stored. Carries the fresh row. */
export class StaleDeliveryError extends ConflictError {
  constructor(delivery: MonthDelivery) {
    super('Someone else changed this delivery a moment ago. The row now shows its current status.', { delivery });
  }
}

const NOT_ASSIGNED_TO_YOU = 'Only the person this delivery is assigned to, or an admin, can mark it delivered.';

/**
 * The delivery rule, in one place: an admin may do anything; an employee may mark a
 * delivery delivered (with or without a photo) only when it is assigned to them.
 */
function assertMayDeliver(actor: UserRecord, assigneeId: string | null | undefined): void {
  if (actor.role !== 'admin' && assigneeId !== actor.id) throw new ForbiddenError(NOT_ASSIGNED_TO_YOU);
}

const monthNumber = (month: MonthKey) => Number(month.slice(5, 7));

export function proofUrl(subscriptionId: string, month: MonthKey): string {
  return `/api/deliveries/${subscriptionId}/${month}/proof`;
}

const deliveryColumns = {
  status: deliveries.status,
  assigneeEmail: users.email,
  assigneeName: users.name,
  proofImageKey: deliveries.proofImageKey,
  updatedAt: deliveries.updatedAt,
};

type DeliveryColumns = { status: string | null; assigneeEmail: string | null; assigneeName: string | null; proofImageKey: string | null; updatedAt: Date | null };

/** What decides whether a month delivers: the plan, the subscriber's changes and the lifecycle. */
type PlanColumns = Pick<SubscriptionDbRow, 'id' | 'months' | 'skippedMonths' | 'pausedFrom' | 'pausedUntil' | 'status' | 'statusFrom' | 'endsAfter'>;
const planColumns = {
  id: subscriptions.id,
  months: subscriptions.months,
  skippedMonths: subscriptions.skippedMonths,
  pausedFrom: subscriptions.pausedFrom,
  pausedUntil: subscriptions.pausedUntil,
  status: subscriptions.status,
  statusFrom: subscriptions.statusFrom,
  endsAfter: subscriptions.endsAfter,
};
const deliversThisMonth = (subscription: PlanColumns, month: MonthKey) => deliversIn(subscription, lifecycleOf(subscription), month);
function heldBySubscriber(subscription: PlanColumns, month: MonthKey): MonthDelivery['heldBy'] {
  const state = monthState(subscription, lifecycleOf(subscription), month);
  return state === 'skipped' || state === 'paused' ? state : null;
}

/** deliversIn (contract/lifecycle.ts) in SQL, for filters: keep the two in step. */
function deliversInSql(month: MonthKey): SQL {
  return sql`(${monthNumber(month)} = any(${subscriptions.months})
    and (${subscriptions.endsAfter} is null or ${subscriptions.endsAfter} >= ${month})
    and not ((${subscriptions.status} in ('past-due', 'paused') or (${subscriptions.status} = 'cancelled' and ${subscriptions.endsAfter} is null)) and ${subscriptions.statusFrom} <= ${month})
    and not (${month} = any(${subscriptions.skippedMonths}))
    and not (${subscriptions.pausedFrom} is not null and ${month} between ${subscriptions.pausedFrom} and ${subscriptions.pausedUntil}))`;
}

function toMonthDelivery(subscription: PlanColumns, month: MonthKey, d: DeliveryColumns): MonthDelivery {
  return {
    subscriptionId: subscription.id,
    month,
    scheduled: deliversThisMonth(subscription, month),
    heldBy: heldBySubscriber(subscription, month),
    status: d.status ? displayStatus(d.status) : 'not-started',
    assignedTo: d.assigneeEmail,
    assigneeName: d.assigneeName,
    proofImageUrl: d.proofImageKey ? proofUrl(subscription.id, month) : null,
    updatedAt: d.updatedAt ? d.updatedAt.toISOString() : null,
  };
}

function toRow(s: SubscriptionDbRow, month: MonthKey, d: DeliveryColumns): SubscriptionRow {
  return {
    id: s.id,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    address: s.address,
    unit: s.unit,
    city: s.city,
    state: s.state,
    zip: s.zip,
    deliveryNotes: s.deliveryNotes,
    buyerName: s.buyerName,
    giftMessage: s.giftMessage,
    createdAt: s.createdAt.toISOString(),
    lifecycle: lifecycleOf(s),
    delivery: toMonthDelivery(s, month, d),
  };
}

/** A subscription's delivery in the month (a left join: none yet reads as nulls), and the person it is assigned to. */
const deliveryInMonth = (month: MonthKey | Placeholder) => and(eq(deliveries.subscriptionId, subscriptions.id), eq(deliveries.month, month));
const ASSIGNEE = eq(users.id, deliveries.assigneeId);

function monthRows(db: Db, month: MonthKey) {
  return db
    .select({ subscription: subscriptions, ...deliveryColumns })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE);
}

const NEWEST_FIRST = [desc(subscriptions.createdAt), desc(subscriptions.id)];

function encodeCursor(row: SubscriptionDbRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Only a cursor as encodeCursor writes it: an ISO time and a subscription id, nothing the database could refuse. */
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [, at, id] = CURSOR.exec(Buffer.from(cursor, 'base64url').toString()) ?? [];
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw new InvalidInputError('cursor is not one this server gave out.');
  return { createdAt, id };
}

/** The exact number of subscriptions, kept by triggers (migration 0007). */
const SUBSCRIPTION_TOTAL = sql<number>`(select ${subscriptionCount.total} from ${subscriptionCount})`.mapWith(Number);

/**
 * The month list's statements for the whole list in the default order, built and prepared
 * once per database: building a query is most of a page's CPU time otherwise, and one
 * statement (the page off the newest-first index, its deliveries and the total) is one round
 * trip (see docs/performance.md).
 */
function prepareMonthList(db: Db) {
  const newest = (name: string, after: boolean) =>
    db
      .select({ subscription: subscriptions, ...deliveryColumns, total: SUBSCRIPTION_TOTAL })
      .from(subscriptions)
      .leftJoin(deliveries, deliveryInMonth(sql.placeholder('month')))
      .leftJoin(users, ASSIGNEE)
      .where(after ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)` : undefined)
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  return {
    first: newest('month_list_first', false),
    after: newest('month_list_after', true),
    total: db.select({ total: subscriptionCount.total }).from(subscriptionCount).prepare('subscription_count'),
    version: db.select({ version: monthListVersion.version }).from(monthListVersion).prepare('month_list_version'),
  };
}

/** Pages read at `version`, by month, view, size and cursor: kept while nothing they show changes. */
interface KeptPages {
  version: number;
  pages: Map<string, SubscriptionPage>;
  rows: number;
}
/** Rows kept per database (a few MB) before it starts again. */
const MAX_KEPT_ROWS = 5_000;

const monthLists = new WeakMap<Db, { statements: ReturnType<typeof prepareMonthList>; kept: KeptPages }>();

function monthListOf(db: Db) {
  let list = monthLists.get(db);
  if (!list) monthLists.set(db, (list = { statements: prepareMonthList(db), kept: { version: -1, pages: new Map(), rows: 0 } }));
  return list;
}

/** What narrows and orders the month list (the dashboard's search, filters and sort). */
export interface MonthListView {
  q?: string;
  status?: DeliveryStatus;
  assignee?: string;
  scheduled?: 'yes' | 'no';
  city?: string;
  subscription?: SubscriptionStatus;
  sort: DashboardSort;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What the search looks in: name, e-mail, address, city, ZIP and the phone's digits, as one
 * lower-case text. Written exactly as the trigram index of migration 0007, so a "contains"
 * search reads that index instead of every subscription.
 */
const SEARCH_TEXT = sql`lower(${subscriptions.firstName} || ' ' || ${subscriptions.lastName} || ' ' || ${subscriptions.email} || ' ' || ${subscriptions.address} || ' ' || ${subscriptions.city} || ' ' || ${subscriptions.zip} || ' ' || regexp_replace(${subscriptions.phone}, '\\D', '', 'g'))`;

/** The view's conditions on a subscription and its delivery in the month. */
function viewConditions(month: MonthKey, view: MonthListView): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const q = view.q?.trim();
  if (q) {
    // A phone number as typed ("(801) 555-98") is also looked for as its digits; words with digits in them are not.
    const digits = /\p{L}/u.test(q) ? '' : q.replace(/\D/g, '');
    conditions.push(
      or(
        sql`${SEARCH_TEXT} like ${`%${escapeLike(q.toLowerCase())}%`}`,
        digits.length >= 3 ? sql`${SEARCH_TEXT} like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  if (view.status === 'not-started') conditions.push(or(isNull(deliveries.status), eq(deliveries.status, 'not-started')));
  else if (view.status) conditions.push(eq(deliveries.status, view.status));
  if (view.assignee === 'unassigned') conditions.push(isNull(deliveries.assigneeId));
  else if (view.assignee) conditions.push(sql`lower(${users.email}) = ${view.assignee.toLowerCase()}`);
  if (view.scheduled === 'yes') conditions.push(deliversInSql(month));
  if (view.scheduled === 'no') conditions.push(not(deliversInSql(month)));
  if (view.city?.trim()) conditions.push(sql`lower(${subscriptions.city}) = ${view.city.trim().toLowerCase()}`);
  if (view.subscription) conditions.push(eq(subscriptions.status, view.subscription));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * Each order with its keyset: the columns it sorts by (ending with the id, so it is total),
 * and how a page starts after a row. The cursor carries the last row's values.
 */
const SORTS: Record<DashboardSort, { order: SQL[]; keyOf: (row: SubscriptionDbRow) => string[]; after: (key: string[]) => SQL }> = {
  newest: {
    order: NEWEST_FIRST,
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    after: ([at, id]) => sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${at}::timestamptz, ${id}::uuid)`,
  },
  name: {
    order: [asc(subscriptions.lastName), asc(subscriptions.firstName), asc(subscriptions.id)],
    keyOf: (row) => [row.lastName, row.firstName, row.id],
    after: ([last, first, id]) => sql`(${subscriptions.lastName}, ${subscriptions.firstName}, ${subscriptions.id}) > (${last}, ${first}, ${id}::uuid)`,
  },
  zip: {
    order: [asc(subscriptions.zip), asc(subscriptions.id)],
    keyOf: (row) => [row.zip, row.id],
    after: ([zip, id]) => sql`(${subscriptions.zip}, ${subscriptions.id}) > (${zip}, ${id}::uuid)`,
  },
};

function encodeViewCursor(sort: DashboardSort, row: SubscriptionDbRow): string {
  return Buffer.from(JSON.stringify({ sort, key: SORTS[sort].keyOf(row) })).toString('base64url');
}

const KEY_LENGTH: Record<DashboardSort, number> = { newest: 2, name: 3, zip: 2 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only a cursor this server gave out for the same order: strings of the right count, a real id (and time). */
function decodeViewCursor(sort: DashboardSort, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    parsed = null;
  }
  const { sort: given, key } = (parsed ?? {}) as { sort?: unknown; key?: unknown };
  const valid =
    given === sort &&
    Array.isArray(key) &&
    key.length === KEY_LENGTH[sort] &&
    key.every((part) => typeof part === 'string' && part.length <= 200 && !part.includes('\u0000')) &&
    UUID.test(key.at(-1) as string) &&
    (sort !== 'newest' || !Number.isNaN(new Date(key[0] as string).getTime()));
  if (!valid) throw new InvalidInputError('cursor is not one this server gave out for this order.');
  return key as string[];
}

const isEverything = (view: MonthListView) =>
  !view.q?.trim() && !view.status && !view.assignee && !view.scheduled && !view.city?.trim() && !view.subscription && view.sort === 'newest';

/**
 * One page of the subscriptions in the view, with each one's delivery in the month, as the
 * dashboard asks for it. Pages are kept and served again until the month list version (bumped
 * by every committed change to what they show, migration 0015) moves on: staff screens ask
 * for the same pages over and over, and reading one costs far more than checking the version.
 */
export async function listMonthPage(db: Db, month: MonthKey, page: { limit: number; cursor?: string }, view: MonthListView = { sort: 'newest' }): Promise<SubscriptionPage> {
  const { statements, kept } = monthListOf(db);
  // The version is read before the page: a page read after it is at least that new, so it may
  // be kept under it. A change committed in between only makes a later request read again.
  const [{ version } = { version: 0 }] = await statements.version.execute();
  if (version > kept.version) {
    kept.pages.clear();
    kept.rows = 0;
    kept.version = version;
  }
  const key = JSON.stringify({ month, ...page, ...view });
  const found = version === kept.version ? kept.pages.get(key) : undefined;
  if (found) return found;
  const read = await readMonthPage(db, month, page, view);
  if (version === kept.version) {
    if (kept.rows + read.rows.length > MAX_KEPT_ROWS) {
      kept.pages.clear();
      kept.rows = 0;
    }
    kept.pages.set(key, read);
    kept.rows += read.rows.length;
  }
  return read;
}

/**
 * A page read from the database. With no filter and the default order, one prepared statement
 * reads it; a narrowed or reordered view builds its query (and counts its matches).
 */
async function readMonthPage(db: Db, month: MonthKey, page: { limit: number; cursor?: string }, view: MonthListView): Promise<SubscriptionPage> {
  if (!isEverything(view)) return listViewPage(db, month, page, view);
  const { statements } = monthListOf(db);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = after
    ? await statements.after.execute({ month, at: after.createdAt.toISOString(), id: after.id, limit: page.limit + 1 })
    : await statements.first.execute({ month, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (await statements.total.execute())[0]?.total ?? 0;
  return {
    rows: shown.map(({ subscription, total: _, ...d }) => toRow(subscription, month, d)),
    nextCursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!.subscription) : null,
    total,
  };
}

async function listViewPage(db: Db, month: MonthKey, page: { limit: number; cursor?: string }, view: MonthListView): Promise<SubscriptionPage> {
  const sort = SORTS[view.sort];
  const conditions = viewConditions(month, view);
  const after = page.cursor ? sort.after(decodeViewCursor(view.sort, page.cursor)) : undefined;
  const rows = await monthRows(db, month)
    .where(and(...conditions, after))
    .orderBy(...sort.order)
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    rows: shown.map(({ subscription, ...d }) => toRow(subscription, month, d)),
    nextCursor: rows.length > page.limit ? encodeViewCursor(view.sort, shown.at(-1)!.subscription) : null,
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

/**
 * The deliveries assigned to one person in the month, in route order: the order they put
 * their stops in, then any stop not in it where the planned route (from the studio) puts it,
 * on geocoded positions when there is a geocoder.
 */
export async function listAssigned(db: Db, month: MonthKey, assigneeId: string, studio: Point, geocoder?: Geocoder | null): Promise<SubscriptionRow[]> {
  const rows = await monthRows(db, month).where(eq(deliveries.assigneeId, assigneeId)).orderBy(...NEWEST_FIRST);
  const [saved] = await db.select({ ids: routeOrders.subscriptionIds }).from(routeOrders).where(and(eq(routeOrders.assigneeId, assigneeId), eq(routeOrders.month, month)));
  const stops = rows.map(({ subscription: { id, zip, address, city } }) => ({ id, zip, address, city }));
  const planned = planRoute(studio, stops, geocoder ? await geocoder(stops) : undefined);
  const assigned = new Set(planned);
  const kept = (saved?.ids ?? []).filter((id) => assigned.has(id));
  const order = [...kept, ...planned.filter((id) => !kept.includes(id))];
  const byId = new Map(rows.map(({ subscription, ...d }) => [subscription.id, toRow(subscription, month, d)]));
  return order.map((id) => byId.get(id)!);
}

/** Keeps the order a person put their stops in; every id must be a delivery assigned to them in the month. */
export async function saveRouteOrder(db: Db, caller: UserRecord, month: MonthKey, subscriptionIds: string[]): Promise<void> {
  if (new Set(subscriptionIds).size !== subscriptionIds.length) throw new InvalidInputError('subscriptionIds lists a stop twice.');
  await inTransaction(db, async (tx) => {
    const mine = await tx
      .select({ id: deliveries.subscriptionId })
      .from(deliveries)
      .where(and(eq(deliveries.month, month), eq(deliveries.assigneeId, caller.id), inArray(deliveries.subscriptionId, subscriptionIds)));
    if (mine.length !== subscriptionIds.length) throw new InvalidInputError('Only deliveries assigned to you this month can be put in your route.');
    await tx
      .insert(routeOrders)
      .values({ assigneeId: caller.id, month, subscriptionIds })
      .onConflictDoUpdate({ target: [routeOrders.assigneeId, routeOrders.month], set: { subscriptionIds, updatedAt: sql`now()` } });
  });
}

async function readDelivery(db: Db, subscriptionId: string, month: MonthKey): Promise<MonthDelivery> {
  const [delivery] = await readDeliveries(db, [subscriptionId], month);
  if (!delivery) throw new NotFoundError('That subscription no longer exists.');
  return delivery;
}

/** The month's deliveries of these subscriptions, in one read, in the order asked. */
async function readDeliveries(db: Db, subscriptionIds: string[], month: MonthKey): Promise<MonthDelivery[]> {
  const rows = await db
    .select({ subscription: planColumns, ...deliveryColumns })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE)
    .where(inArray(subscriptions.id, subscriptionIds));
  const byId = new Map(rows.map((row) => [row.subscription.id, toMonthDelivery(row.subscription, month, row)]));
  return subscriptionIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Locks the month's delivery row for the rest of the transaction, creating it first when
 * nobody has acted on it yet. Refuses months the subscription does not include.
 */
async function lockDelivery(tx: Db, subscriptionId: string, month: MonthKey) {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!subscription) throw new NotFoundError('That subscription no longer exists.');
  if (!deliversThisMonth(subscription, month)) {
    throw new InvalidInputError(`${subscription.firstName} ${subscription.lastName} has no delivery in ${MONTH_NAMES[monthNumber(month) - 1]}.`);
  }
  await tx.insert(deliveries).values({ subscriptionId, month }).onConflictDoNothing();
  const [delivery] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)))
    .for('update');
  return { subscription, delivery: delivery! };
}

async function recordChange(tx: Db, actor: UserRecord, subscriptionId: string, month: MonthKey, kind: 'status' | 'assign' | 'proof', detail: object) {
  await tx.insert(deliveryEvents).values({ subscriptionId, month, actorEmail: actor.email, kind, detail });
}

/** The dashboard pill, as compare-and-set: it moves only from the status the caller saw. */
export async function advanceStatus(db: Db, actor: UserRecord, input: { subscriptionId: string; month: MonthKey; expectedStatus: string }): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    if (displayStatus(delivery.status) !== displayStatus(input.expectedStatus)) {
      throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    }
    const to = nextStatus(delivery.status);
    if (to === 'delivered') assertMayDeliver(actor, delivery.assigneeId);
    // Back to not started: the photo leaves the delivery; the history keeps its key (and the store the photo).
    const archivedPhoto = to === 'not-started' ? delivery.proofImageKey : null;
    await tx
      .update(deliveries)
      .set({ status: to, updatedAt: new Date(), updatedBy: actor.email, ...(archivedPhoto ? { proofImageKey: null } : {}) })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'status', { from: delivery.status, to, ...(archivedPhoto ? { archivedPhoto } : {}) });
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/**
 * Takes back the caller's own "Delivered -> Not Started" a few seconds after it (the Undo on
 * the dashboard): the stop is Delivered again, with the door photo it had. Refused once
 * anything else happened to the delivery, or after REVERT_UNDO_ACCEPTED_SECONDS.
 */
export async function undoRevert(db: Db, actor: UserRecord, input: { subscriptionId: string; month: MonthKey }): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    const [last] = await tx
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.subscriptionId, input.subscriptionId), eq(deliveryEvents.month, input.month)))
      .orderBy(desc(deliveryEvents.id))
      .limit(1);
    const revert = last?.detail as { from?: string; to?: string; archivedPhoto?: string } | undefined;
    const isOwnRevert = last?.kind === 'status' && revert?.from === 'delivered' && revert.to === 'not-started' && last.actorEmail === actor.email;
    if (!isOwnRevert || delivery.status !== 'not-started') throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    if (Date.now() - last.at.getTime() > REVERT_UNDO_ACCEPTED_SECONDS * 1000) {
      throw new InvalidInputError('It is too late to undo that change: mark the delivery again instead.');
    }
    const restoredPhoto = revert.archivedPhoto ?? null;
    await tx
      .update(deliveries)
      .set({ status: 'delivered', proofImageKey: restoredPhoto, updatedAt: new Date(), updatedBy: actor.email })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'status', { from: 'not-started', to: 'delivered', undo: true, ...(restoredPhoto ? { restoredPhoto } : {}) });
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/** Reads the delivery as it now stands in the transaction and tells every staff screen. */
async function announceDelivery(tx: Db, subscriptionId: string, month: MonthKey): Promise<MonthDelivery> {
  const delivery = await readDelivery(tx, subscriptionId, month);
  await announce(tx, { type: 'delivery', delivery });
  return delivery;
}

/**
 * Assigns every listed delivery of the month to one user (or, with no assignee, to nobody),
 * or none of them: a fixed number of statements whatever the count (1,000 in one request),
 * all in one transaction.
 */
export async function assignDeliveries(
  db: Db,
  actor: UserRecord,
  input: { month: MonthKey; subscriptionIds: string[]; assigneeEmail: string | null },
): Promise<MonthDelivery[]> {
  const assignee = input.assigneeEmail === null ? null : await findUserByEmail(db, input.assigneeEmail);
  if (input.assigneeEmail !== null && !assignee) throw new InvalidInputError(`There is no user with the e-mail ${input.assigneeEmail}.`);
  const ids = [...new Set(input.subscriptionIds)];
  const { month } = input;
  return inTransaction(db, async (tx) => {
    const found = await tx
      .select({ ...planColumns, firstName: subscriptions.firstName, lastName: subscriptions.lastName })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids))
      .for('share');
    if (found.length < ids.length) throw new NotFoundError('That subscription no longer exists.');
    const unscheduled = found.find((s) => !deliversThisMonth(s, month));
    if (unscheduled) throw new InvalidInputError(`${unscheduled.firstName} ${unscheduled.lastName} has no delivery in ${MONTH_NAMES[monthNumber(month) - 1]}.`);

    const changed = { assigneeId: assignee?.id ?? null, updatedAt: new Date(), updatedBy: actor.email };
    await tx
      .insert(deliveries)
      .values(ids.map((subscriptionId) => ({ subscriptionId, month, ...changed })))
      .onConflictDoUpdate({ target: [deliveries.subscriptionId, deliveries.month], set: changed });
    await tx
      .insert(deliveryEvents)
      .values(ids.map((subscriptionId) => ({ subscriptionId, month, actorEmail: actor.email, kind: 'assign' as const, detail: { to: assignee?.email ?? null } })));
    const assigned = await readDeliveries(tx, ids, month);
    await announceAll(tx, assigned.map((delivery) => ({ type: 'delivery', delivery })));
    return assigned;
  });
}

/** Checks that the caller may record proof for this delivery and that it is out for delivery. */
export async function checkProofAllowed(db: Db, actor: UserRecord, subscriptionId: string, month: MonthKey): Promise<void> {
  const [row] = await db
    .select({ assigneeId: deliveries.assigneeId, status: deliveries.status })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)));
  assertMayDeliver(actor, row?.assigneeId);
  if (row?.status !== 'out-for-delivery') throw new StaleDeliveryError(await readDelivery(db, subscriptionId, month));
}

/** Marks an out-for-delivery delivery delivered, by hand or left at the door with a stored photo (and an e-mail saying so, in the same transaction). */
export async function recordDelivered(
  db: Db,
  actor: UserRecord,
  input: { subscriptionId: string; month: MonthKey; method: 'hand' | 'door'; proofImageKey: string | null },
  site: MailSite,
): Promise<MonthDelivery> {
  return inTransaction(db, async (tx) => {
    const { subscription, delivery } = await lockDelivery(tx, input.subscriptionId, input.month);
    assertMayDeliver(actor, delivery.assigneeId);
    if (delivery.status !== 'out-for-delivery') throw new StaleDeliveryError(await readDelivery(tx, input.subscriptionId, input.month));
    await tx
      .update(deliveries)
      .set({ status: 'delivered', proofImageKey: input.proofImageKey, updatedAt: new Date(), updatedBy: actor.email })
      .where(and(eq(deliveries.subscriptionId, input.subscriptionId), eq(deliveries.month, input.month)));
    await recordChange(tx, actor, input.subscriptionId, input.month, 'proof', { method: input.method, photo: input.proofImageKey });
    // Left at the door, nobody saw it come: the subscriber hears of it, with the driver's photo.
    if (input.method === 'door') {
      const images = input.proofImageKey ? [{ cid: DOOR_PHOTO_CID, blobKey: input.proofImageKey }] : [];
      await queueEmail(tx, 'left-at-door', leftAtDoorEmail(subscription, site, formatMonth(input.month)), { subscriptionId: subscription.id, images });
    }
    return announceDelivery(tx, input.subscriptionId, input.month);
  });
}

/** Whether a committed row points to the photo: a delivery shows it, or its history recorded it (kept for tracing after a reset). */
export async function photoInUse(db: Db, photo: { subscriptionId: string; month: MonthKey; key: string }): Promise<boolean> {
  const [shown] = await db
    .select({ key: deliveries.proofImageKey })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, photo.subscriptionId), eq(deliveries.month, photo.month), eq(deliveries.proofImageKey, photo.key)));
  if (shown) return true;
  const [recorded] = await db
    .select({ id: deliveryEvents.id })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.subscriptionId, photo.subscriptionId),
        eq(deliveryEvents.month, photo.month),
        eq(deliveryEvents.kind, 'proof'),
        sql`${deliveryEvents.detail}->>'photo' = ${photo.key}`,
      ),
    )
    .limit(1);
  return recorded !== undefined;
}

export async function proofImageKey(db: Db, subscriptionId: string, month: MonthKey): Promise<string | null> {
  const [row] = await db
    .select({ key: deliveries.proofImageKey })
    .from(deliveries)
    .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.month, month)));
  return row?.key ?? null;
}

export async function deliveryHistory(db: Db, subscriptionId: string, month: MonthKey) {
  return db
    .select()
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.subscriptionId, subscriptionId), eq(deliveryEvents.month, month)))
    .orderBy(deliveryEvents.id);
}
