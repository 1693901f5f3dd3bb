import { useCallback, useRef } from 'react';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { FailedReason } from '@blooms/shared/contract/failed-attempts';
import { applyDelivery, readCountsAgain } from '../deliveries/live-cache';
import { showRefusal } from '../deliveries/show-refusal';
import { failedAttemptsApi } from '../failed-attempts/api';
import { askCouldNotDeliver } from '../failed-attempts/ask-could-not-deliver';
import { isTemporaryFailure } from '../offline/send-pending';
import type { DeviceQueue } from './use-device-queue';

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
      const { month } = stop.delivery;
      const change = {
        subscriptionId: stop.id,
        month,
        name: `${stop.firstName} ${stop.lastName}`,
        pickup: stop.delivery.pickup,
        change: { to: 'could-not-deliver' as const, reason, ...(photo ? { photo } : {}) },
      };
      if (device.mustWait(stop)) return device.keepForLater(change);
      try {
        applyDelivery(await failedAttemptsApi.markFailed({ subscriptionId: stop.id, month, reason, photo }));
        void readCountsAgain();
      } catch (error) {
        if (isTemporaryFailure(error)) return device.keepForLater(change, false);
        showRefusal(error);
      }
    };
    askCouldNotDeliver(row, send);
  }, []);
}
