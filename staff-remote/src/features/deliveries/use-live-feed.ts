import { useEffect, useState } from 'react';
import { connectLive, type LiveState } from '@blooms/shared/runtime/live-client';
import { applyDelivery, applyDeliveryDay, readAgainWhatPrecedes, readCountsAgain, readListsAgain } from './live-cache';

/** Changes that come in a burst (a bulk assign, a day's deliveries) are counted again once, this long after the last. */
const SETTLE_MS = 400;

/**
 * Follows the live feed while a staff screen is open, writing what it hears into the cache
 * (live-cache.ts): a changed delivery in place, anything else read again. Once it first
 * listens, what the screen was given before then (kept from an earlier visit, or with the
 * opening) is read again, for changes made meanwhile; after a drop the feed's resync does that.
 */
export function useLiveFeed(): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const opened = Date.now();
    let listened = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const disconnect = connectLive(
      (event) => {
        if (event.type === 'delivery') applyDelivery(event.delivery);
        else if (event.type === 'delivery-date') applyDeliveryDay(event.deliveryDate);
        else void readListsAgain();
        clearTimeout(settle);
        settle = setTimeout(() => void readCountsAgain(), SETTLE_MS);
      },
      (next) => {
        setState(next);
        if (next === 'live' && !listened) void readAgainWhatPrecedes(opened);
        listened ||= next === 'live';
      },
    );
    return () => {
      disconnect();
      clearTimeout(settle);
    };
  }, []);
  return state;
}
