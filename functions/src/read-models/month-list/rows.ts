import { and, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { displayStatus, type AutoAssigned, type MonthDelivery, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveryProofPath } from '@blooms/shared/contract/staff-api-routes';
import { failedAttemptOf, failedColumns, type FailedColumns } from '../failed-attempts';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliversIn, monthState } from '@blooms/shared/contract/lifecycle';
import { pickupDue, type StopKind } from '@blooms/shared/contract/vases';
import { giftDeliveriesOf, giftDeliveryMonths } from '@blooms/shared/contract/gifts';
import type { Db } from '../../db/database';
import { deliveries, monthListVersion, subscriptions, users, type SubscriptionDbRow } from '../../db/schema';
import { NotFoundError } from '../../domain/errors';
import { lifecycleOf } from '../../domain/lifecycle';

export const monthNumber = (month: MonthKey) => Number(month.slice(5, 7));

export const deliveryColumns = {
  status: deliveries.status,
  kind: deliveries.kind,
  assigneeEmail: users.email,
  assigneeName: users.name,
  proofImageKey: deliveries.proofImageKey,
  updatedAt: deliveries.updatedAt,
  autoAssigned: deliveries.autoAssigned,
  ...failedColumns,
};

export type DeliveryColumns = {
  status: string | null;
  kind: StopKind | null;
  assigneeEmail: string | null;
  assigneeName: string | null;
  proofImageKey: string | null;
  updatedAt: Date | null;
  autoAssigned: AutoAssigned | null;
} & FailedColumns;

/** What decides whether a month delivers: the plan, the subscriber's changes and the lifecycle. */
export const planColumns = {
  id: subscriptions.id,
  months: subscriptions.months,
  skippedMonths: subscriptions.skippedMonths,
  pausedFrom: subscriptions.pausedFrom,
  pausedUntil: subscriptions.pausedUntil,
  status: subscriptions.status,
  statusFrom: subscriptions.statusFrom,
  endsAfter: subscriptions.endsAfter,
  firstDelivery: subscriptions.firstDelivery,
  vasesOut: subscriptions.vasesOut,
};
type PlanColumns = Pick<SubscriptionDbRow, keyof typeof planColumns>;
export const deliversThisMonth = (subscription: PlanColumns, month: MonthKey) => deliversIn(subscription, lifecycleOf(subscription), month);

/** What the subscription's stop in the month is, if it has one: a delivery, a pickup-only stop (contract/vases.ts), or none. */
export function stopKindOf(subscription: PlanColumns, month: MonthKey, stored: StopKind | null): StopKind | null {
  if (deliversThisMonth(subscription, month)) return 'delivery';
  return pickupDue(lifecycleOf(subscription), subscription.vasesOut, month, stored) ? 'pickup' : null;
}

function toMonthDelivery(subscription: PlanColumns, month: MonthKey, d: DeliveryColumns): MonthDelivery {
  const state = monthState(subscription, lifecycleOf(subscription), month);
  return {
    subscriptionId: subscription.id,
    month,
    scheduled: state === 'delivering',
    heldBy: state === 'skipped' || state === 'paused' ? state : null,
    state,
    firstDelivery: state === 'before-first' ? subscription.firstDelivery : null,
    pickup: state !== 'delivering' && pickupDue(lifecycleOf(subscription), subscription.vasesOut, month, d.kind),
    status: d.status ? displayStatus(d.status) : 'not-started',
    assignedTo: d.assigneeEmail,
    assigneeName: d.assigneeName,
    proofImageUrl: d.proofImageKey ? deliveryProofPath(subscription.id, month) : null,
    updatedAt: d.updatedAt ? d.updatedAt.toISOString() : null,
    autoAssigned: d.autoAssigned,
    failedAttempt: failedAttemptOf(subscription.id, month, d),
  };
}

export function toRow(s: SubscriptionDbRow, month: MonthKey, d: DeliveryColumns): SubscriptionRow {
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
    vasesOut: s.vasesOut,
    delivery: toMonthDelivery(s, month, d),
    gift: giftProgressIn(s, month),
  };
}

/** Which of a gift's deliveries the month's is, in a month it delivers in; null for other months and subscriptions. */
function giftProgressIn(s: SubscriptionDbRow, month: MonthKey): SubscriptionRow['gift'] {
  const of = giftDeliveriesOf(s);
  if (of === 0 || !s.firstDelivery || monthState(s, lifecycleOf(s), month) !== 'delivering') return null;
  const index = giftDeliveryMonths(s, of, s.firstDelivery.slice(0, 7)).indexOf(month);
  return index < 0 ? null : { delivery: index + 1, of };
}

/** A subscription's delivery in the month (a left join: none yet reads as nulls), and the person it is assigned to. */
export const deliveryInMonth = (month: MonthKey | Placeholder) =>
  and(eq(deliveries.subscriptionId, subscriptions.id), eq(deliveries.month, month));
export const ASSIGNEE = eq(users.id, deliveries.assigneeId);

export function monthRows(db: Db, month: MonthKey | Placeholder) {
  return db
    .select({ subscription: subscriptions, ...deliveryColumns })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE);
}

/** The month list version (migration 0015) as a column: read with a page, it is the version of the same snapshot. */
export const LIST_VERSION = sql<number>`(select ${monthListVersion.version} from ${monthListVersion})`.mapWith(Number);

/** monthRows, each with the version it was read at: a page read so can be kept under it (kept-pages.ts). */
export function versionedMonthRows(db: Db, month: MonthKey | Placeholder) {
  return db
    .select({ subscription: subscriptions, ...deliveryColumns, version: LIST_VERSION })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE);
}

export const NEWEST_FIRST = [desc(subscriptions.createdAt), desc(subscriptions.id)];

/** One subscription's delivery in the month, as the month list shows it. */
export async function readDelivery(db: Db, subscriptionId: string, month: MonthKey): Promise<MonthDelivery> {
  const [delivery] = await readDeliveries(db, [subscriptionId], month);
  if (!delivery) throw new NotFoundError('That subscription no longer exists.');
  return delivery;
}

/** The month's deliveries of these subscriptions, in one read, in the order asked. */
export async function readDeliveries(db: Db, subscriptionIds: string[], month: MonthKey): Promise<MonthDelivery[]> {
  const rows = await db
    .select({ subscription: planColumns, ...deliveryColumns })
    .from(subscriptions)
    .leftJoin(deliveries, deliveryInMonth(month))
    .leftJoin(users, ASSIGNEE)
    .where(inArray(subscriptions.id, subscriptionIds));
  const byId = new Map(rows.map((row) => [row.subscription.id, toMonthDelivery(row.subscription, month, row)]));
  return subscriptionIds.flatMap((id) => byId.get(id) ?? []);
}
