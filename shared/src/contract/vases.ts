// The vase: the first delivery brings one, each delivery swaps it for the last one, and once a
// subscription has had its last delivery a pickup-only stop brings the last vase back.
import type { Lifecycle } from './lifecycle';
import type { MonthKey } from './months';

/** What a stop is: flowers (and the old vase swapped), or only the vase collected. */
export const STOP_KINDS = ['delivery', 'pickup'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

/** The words a pickup-only stop carries on the driver's card, the route sheet and the dashboard. */
export const PICKUP_NOTE = 'Collect the vase, no delivery';

/** What a driver presses once the vase of a pickup-only stop is in the van. */
export const COLLECTED_LABEL = 'Vase collected';

/** What a driver presses to set off for a stop: its card's button. */
export function outLabel(pickup: boolean): string {
  return pickup ? 'Out for pickup' : 'Out for delivery';
}

/** A step a driver takes on a stop: out for it, or done (by hand, or left at the door with a photo). */
export type StopStep = { to: 'out-for-delivery' } | { to: 'delivered'; method: 'hand' | 'door' };

/**
 * The step as the driver took it, in the words of the button pressed: what a message about a
 * change kept on the device names ("Vase collected" for a pickup, never "Hand delivered").
 */
export function stepLabel(step: StopStep, pickup: boolean): string {
  if (step.to === 'out-for-delivery') return outLabel(pickup);
  if (pickup) return COLLECTED_LABEL;
  return step.method === 'door' ? 'Left at door (with its photo)' : 'Hand delivered';
}

/**
 * Whether the subscription has had its last delivery by this month: it ended before the month
 * (a cancellation, or a gift that ran its course), or was cancelled outright from it on.
 */
export function isOver(lifecycle: Lifecycle, month: MonthKey): boolean {
  if (lifecycle.endsAfter !== null) return month > lifecycle.endsAfter;
  return lifecycle.status === 'cancelled' && month >= lifecycle.statusFrom;
}

/**
 * Whether the month has a pickup-only stop for the subscription: it is over and a vase is still
 * out with the subscriber, or the month's stop was made a pickup (it stays one once the vase is back).
 */
export function pickupDue(lifecycle: Lifecycle, vasesOut: number, month: MonthKey, storedKind: StopKind | null = null): boolean {
  return storedKind === 'pickup' || (vasesOut > 0 && isOver(lifecycle, month));
}

/**
 * Staff's note on the vases of a subscription that is ending or over, while any is still out
 * ("1 vase still out"); null otherwise (a running subscription's vase is out as a matter of course).
 */
export function vasesOutNote(lifecycle: Lifecycle, vasesOut: number): string | null {
  if (vasesOut === 0 || (lifecycle.endsAfter === null && lifecycle.status !== 'cancelled')) return null;
  return vasesOut === 1 ? '1 vase still out' : `${vasesOut} vases still out`;
}

/** Whether a month's row is a stop to make: a delivery, or a pickup-only stop (both are assigned and advanced alike). */
export function isStop(delivery: { scheduled: boolean; pickup: boolean }): boolean {
  return delivery.scheduled || delivery.pickup;
}

/** A pickup's status as staff read it: it runs as a delivery's does, and "delivered" is the vase back. */
export function pickupStatusLabel(status: string): string {
  if (status === 'out-for-delivery') return 'Out For Pickup';
  if (status === 'delivered') return 'Collected';
  return 'Not Started';
}
