// Where a subscription stands with its payments, and which months it still delivers in.
import { formatMonth, type MonthKey } from './months';
import type { IsoDate } from './delivery-dates';

/**
 * complete: a gift of a set number of deliveries that has made its last one (contract/gifts.ts).
 * needs-authentication: the bank asked the subscriber to confirm a charge, and it waits for them.
 * disputed: the payer disputed a charge with their bank; it holds deliveries until the dispute is closed.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past-due', 'needs-authentication', 'paused', 'cancelled', 'complete', 'disputed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  'past-due': 'Past due',
  'needs-authentication': 'Awaiting authentication',
  paused: 'Paused',
  cancelled: 'Cancelled',
  complete: 'Gift complete',
  disputed: 'Disputed',
};

/** The statuses that hold deliveries from their month until a payment goes through or a dispute is closed (deliversInSql keeps to them too). */
export const HOLDING_STATUSES: readonly SubscriptionStatus[] = ['past-due', 'needs-authentication', 'disputed'];

/** What a subscription's deliveries depend on besides its plan. */
export interface Lifecycle {
  status: SubscriptionStatus;
  /** The first month the status applies to: the first one not yet delivered when it changed. */
  statusFrom: MonthKey;
  /** The last month with a delivery, once the subscription is ending; null while it runs on. */
  endsAfter: MonthKey | null;
}

/** The months a subscription delivers in: its plan, and what the subscriber changed from their account. */
export interface DeliveryPlan {
  /** Month numbers 1-12. */
  months: readonly number[];
  skippedMonths: readonly MonthKey[];
  /** A pause: no deliveries from the first to the last month given, both included. */
  pausedFrom: MonthKey | null;
  pausedUntil: MonthKey | null;
  /**
   * The day of the first delivery the checkout paid for: no month before it delivers. Absent or
   * null where none was recorded (subscriptions made otherwise deliver by their months alone).
   */
  firstDelivery?: IsoDate | null;
}

/**
 * What a month is for a subscription: delivering, or why not. Earlier months keep what was true
 * then, so history never changes: a status applies from the month it started in (statusFrom).
 */
export const MONTH_STATES = ['delivering', 'not-in-plan', 'before-first', 'skipped', 'paused', 'stopped', 'ended'] as const;
export type MonthState = (typeof MONTH_STATES)[number];

export function monthState(plan: DeliveryPlan, lifecycle: Lifecycle, month: MonthKey): MonthState {
  if (!plan.months.includes(Number(month.slice(5, 7)))) return 'not-in-plan';
  if (plan.firstDelivery && month < plan.firstDelivery.slice(0, 7)) return 'before-first';
  if (lifecycle.endsAfter !== null && month > lifecycle.endsAfter) return 'ended';
  const stopped =
    HOLDING_STATUSES.includes(lifecycle.status) ||
    lifecycle.status === 'paused' ||
    (lifecycle.status === 'cancelled' && lifecycle.endsAfter === null);
  if (stopped && month >= lifecycle.statusFrom) return 'stopped';
  if (plan.skippedMonths.includes(month)) return 'skipped';
  if (plan.pausedFrom !== null && plan.pausedUntil !== null && month >= plan.pausedFrom && month <= plan.pausedUntil) return 'paused';
  return 'delivering';
}

/** Whether a month's delivery goes out (and is charged for). */
export function deliversIn(plan: DeliveryPlan, lifecycle: Lifecycle, month: MonthKey): boolean {
  return monthState(plan, lifecycle, month) === 'delivering';
}

/** The staff screens' short note on a subscription that is not simply running, or null: "Cancelled, last delivery December 2026". */
export function lifecycleNote(lifecycle: Lifecycle): string | null {
  const label = SUBSCRIPTION_STATUS_LABELS[lifecycle.status];
  if (lifecycle.status === 'cancelled' || lifecycle.status === 'complete')
    return lifecycle.endsAfter ? `${label}, last delivery ${formatMonth(lifecycle.endsAfter)}` : label;
  if (lifecycle.status !== 'active') return `${label} from ${formatMonth(lifecycle.statusFrom)}`;
  return lifecycle.endsAfter ? `Ends after ${formatMonth(lifecycle.endsAfter)}` : null;
}

/** The note, or just the status's name while it runs: "Active". */
export function lifecycleLabel(lifecycle: Lifecycle): string {
  return lifecycleNote(lifecycle) ?? SUBSCRIPTION_STATUS_LABELS[lifecycle.status];
}
