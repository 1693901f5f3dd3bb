import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { KeptChange, NewPendingChange } from '@blooms/shared/runtime/staff-pending-store';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { usePendingChanges } from '../offline/use-pending-changes';
import { applyDelivery } from '../deliveries/live-cache';

/**
 * With no signal, Out for delivery and Delivered (with its photo) wait on the device: drivers
 * lose the connection at doors and in basements, and a change must not be lost there. This is
 * the driver's queue of such changes, with the two questions every action asks of it.
 */
export function useDeviceQueue(owner: string | null) {
  const { pending, notSent, keep, dismissNotSent } = usePendingChanges(owner, applyDelivery);

  /** Whether a change to this stop must wait behind others, or for a connection. */
  const mustWait = (row: SubscriptionRow) => !navigator.onLine || pending.some((p) => p.subscriptionId === row.id);

  /** Keeps the change on the device (sending it at once when `sendNow`), and says so if the device cannot keep it. */
  const keepForLater = (change: Omit<NewPendingChange, 'owner'>, sendNow = navigator.onLine) =>
    keep(change, sendNow).catch((e: Error) => showPopup('error', `This device could not keep the change to send later: ${e.message}`));

  return { pending, notSent, dismissNotSent, mustWait, keepForLater };
}

export type DeviceQueue = ReturnType<typeof useDeviceQueue>;

/** What the device keeps of a driver's change to a stop: the stop, its month, and the name and kind the driver is told of. */
export function keptChange(row: SubscriptionRow, month: string, change: KeptChange): Omit<NewPendingChange, 'owner'> {
  return { subscriptionId: row.id, month, name: `${row.firstName} ${row.lastName}`, pickup: row.delivery.pickup, change };
}
