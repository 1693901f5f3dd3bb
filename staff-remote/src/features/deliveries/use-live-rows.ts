import { useCallback, useEffect, useRef, useState } from 'react';
import type { MonthDelivery, SubscriptionRow } from '@blooms/shared/deliveries';
import { connectLive, type LiveState } from '@blooms/shared/live-client';
import type { LiveEvent } from '@blooms/shared/live';
import type { MonthKey } from '@blooms/shared/months';

interface Options {
  month: MonthKey;
  load: (month: MonthKey) => Promise<SubscriptionRow[]>;
  /** Whether a changed delivery still belongs on this screen (my deliveries: still mine). */
  keeps?: (delivery: MonthDelivery) => boolean;
  /** Runs after a new subscription, a user change or a reconnect, besides reloading the rows. */
  onReload?: () => void;
}

/**
 * The rows of a staff table for one month, kept current by the live feed: a changed delivery
 * is patched in place; a new subscription, a user change or a reconnect reloads the list.
 */
export function useLiveRows({ month, load, keeps, onReload }: Options) {
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [liveState, setLiveState] = useState<LiveState>('connecting');
  const latest = useRef({ month, load, keeps, onReload });
  latest.current = { month, load, keeps, onReload };

  const reload = useCallback(async () => {
    const requested = latest.current.month;
    try {
      const fresh = await latest.current.load(requested);
      if (latest.current.month === requested) {
        setRows(fresh);
        setError(null);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);

  /** Applies a delivery change: ours, from a server reply, or anyone's, from the live feed. */
  const applyDelivery = useCallback(
    (delivery: MonthDelivery) => {
      if (delivery.month !== latest.current.month) return;
      setRows((current) => {
        if (!current) return current;
        const index = current.findIndex((row) => row.id === delivery.subscriptionId);
        const keep = latest.current.keeps?.(delivery) ?? true;
        if (index < 0) {
          if (keep) void reload();
          return current;
        }
        if (!keep) return current.filter((row) => row.id !== delivery.subscriptionId);
        const next = [...current];
        next[index] = { ...current[index]!, delivery };
        return next;
      });
    },
    [reload],
  );

  useEffect(() => {
    setRows(null);
    void reload();
  }, [month, reload]);

  useEffect(() => {
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'delivery') {
        applyDelivery(event.delivery);
      } else {
        void reload();
        latest.current.onReload?.();
      }
    };
    return connectLive(onEvent, setLiveState);
  }, [applyDelivery, reload]);

  return { rows, error, liveState, reload, applyDelivery };
}
