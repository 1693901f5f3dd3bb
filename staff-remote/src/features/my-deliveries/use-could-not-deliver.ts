import { useCallback, useRef } from 'react';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { FailedReason } from '@blooms/shared/contract/failed-attempts';
import { showRefusal } from '../deliveries/show-refusal';
import { askCouldNotDeliver, markFailedNow } from '../failed-attempts/ask-could-not-deliver';
import { isTemporaryFailure } from '../offline/send-pending';
import { keptChange, type DeviceQueue } from './use-device-queue';

/**
 * "Could not deliver" on a driver's own stops: asked as on the dashboard, sent at once when it
 * can be, and kept on the device (reason and downscaled photo) when it cannot: a locked gate is
 * often where there is no signal. The callback stays the same between renders (stop cards are memoised).
 */
export function useCouldNotDeliver(queue: Pick<DeviceQueue, 'mustWait' | 'keepForLater'>) {
  const latest = useRef(queue);
  latest.current = queue;

  return useCallback((row: SubscriptionRow) => {
    const send = async (stop: SubscriptionRow, reason: FailedReason, photo?: Blob) => {
      const device = latest.current;
      const change = keptChange(stop, stop.delivery.month, { to: 'could-not-deliver', reason, ...(photo ? { photo } : {}) });
      if (device.mustWait(stop)) return device.keepForLater(change);
      try {
        await markFailedNow(stop, reason, photo);
      } catch (error) {
        if (isTemporaryFailure(error)) return device.keepForLater(change, false);
        showRefusal(error);
      }
    };
    askCouldNotDeliver(row, send);
  }, []);
}
