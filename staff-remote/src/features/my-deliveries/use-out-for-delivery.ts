import { useState } from 'react';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { showRefusal } from '../deliveries/show-refusal';
import { applyDelivery } from '../deliveries/live-cache';
import { isTemporaryFailure } from '../offline/send-pending';
import { keptChange, type DeviceQueue } from './use-device-queue';

/**
 * Marks a stop Out for delivery: shown at once, sent at once when it can be, kept on the device
 * when it cannot. `busy` is the stop being sent.
 */
export function useOutForDelivery(month: MonthKey, queue: Pick<DeviceQueue, 'mustWait' | 'keepForLater'>) {
  const [busy, setBusy] = useState<string | null>(null);

  async function markOutForDelivery(row: SubscriptionRow) {
    const change = keptChange(row, month, { to: 'out-for-delivery' });
    if (queue.mustWait(row)) return queue.keepForLater(change);
    setBusy(row.id);
    // The card answers the tap at once; the server's answer confirms it, or puts the stop back.
    applyDelivery({ ...row.delivery, status: 'out-for-delivery' });
    try {
      applyDelivery(await deliveriesApi.advanceStatus(row.id, month, row.delivery.status));
    } catch (e) {
      if (isTemporaryFailure(e)) return queue.keepForLater(change, false);
      applyDelivery(row.delivery);
      showRefusal(e);
    } finally {
      setBusy(null);
    }
  }

  return { busy, markOutForDelivery };
}
