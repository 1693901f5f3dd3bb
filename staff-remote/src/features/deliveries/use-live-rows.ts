import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PAGE_SIZE, PAGE_SIZE, type MonthDelivery, type SubscriptionPage } from '@blooms/shared/contract/deliveries';
import { connectLive, type LiveState } from '@blooms/shared/runtime/live-client';
import type { LiveEvent } from '@blooms/shared/contract/live';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';

export type PageLoader = (month: MonthKey, page: { limit: number; cursor?: string | null }) => Promise<SubscriptionPage>;

interface Options {
  month: MonthKey;
  load: PageLoader;
  /** Whether a changed delivery still belongs on this screen (my deliveries: still mine). */
  keeps?: (delivery: MonthDelivery) => boolean;
  /** Runs after a new subscription, a user change or a reconnect, besides reloading the rows. */
  onReload?: () => void;
  /** An admin moved a month's delivery day: no row changes, so nothing reloads. */
  onDeliveryDate?: (day: MonthDeliveryDate) => void;
  /** Runs after every change heard on the live feed (the day summary counts again). */
  onChange?: () => void;
  /**
   * The first month's first page, when it came with the screen's opening request: shown at
   * once instead of loaded again. It was read before the live feed was listening, so the rows
   * load again once the feed is live, for any change made in between.
   */
  first?: SubscriptionPage | null;
}

/**
 * The rows of a staff table for one month, kept current by the live feed: a changed delivery
 * is patched in place; a new subscription, a user change or a reconnect reloads as many rows
 * as are shown. More rows load a page at a time. A new `load` (the dashboard's filters
 * changed) starts again from the first page, so keep it stable between renders.
 */
export function useLiveRows({ month, load, keeps, onReload, onDeliveryDate, onChange, first = null }: Options) {
  const [page, setPage] = useState<SubscriptionPage | null>(first);
  const given = useRef({ unused: first !== null, catchUp: first !== null });
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [liveState, setLiveState] = useState<LiveState>('connecting');
  const latest = useRef({ month, load, keeps, onReload, onDeliveryDate, onChange, shown: 0 });
  latest.current = { month, load, keeps, onReload, onDeliveryDate, onChange, shown: page?.rows.length ?? 0 };

  const reload = useCallback(async () => {
    const { month: requested, load: loader, shown } = latest.current;
    try {
      const fresh = await loader(requested, { limit: Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, shown)) });
      if (latest.current.month === requested && latest.current.load === loader) {
        setPage(fresh);
        setError(null);
      }
    } catch (e) {
      setError(e);
    }
  }, []);

  const loadMore = useCallback(async () => {
    const { month: requested, load: loader } = latest.current;
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      const next = await loader(requested, { limit: PAGE_SIZE, cursor: page.nextCursor });
      if (latest.current.month !== requested || latest.current.load !== loader) return;
      setPage((current) => {
        const known = new Set(current?.rows.map((row) => row.id));
        return { ...next, rows: [...(current?.rows ?? []), ...next.rows.filter((row) => !known.has(row.id))] };
      });
    } catch (e) {
      setError(e);
    } finally {
      setLoadingMore(false);
    }
  }, [page]);

  /** Applies a delivery change: ours, from a server reply, or anyone's, from the live feed. */
  const applyDelivery = useCallback(
    (delivery: MonthDelivery) => {
      if (delivery.month !== latest.current.month) return;
      setPage((current) => {
        if (!current) return current;
        const index = current.rows.findIndex((row) => row.id === delivery.subscriptionId);
        const keep = latest.current.keeps?.(delivery) ?? true;
        if (index < 0) {
          if (keep && latest.current.keeps) void reload();
          return current;
        }
        if (!keep) return { ...current, rows: current.rows.filter((row) => row.id !== delivery.subscriptionId) };
        const rows = [...current.rows];
        rows[index] = { ...current.rows[index]!, delivery };
        return { ...current, rows };
      });
    },
    [reload],
  );

  // Another month or another view (a new loader): start again from the first page.
  useEffect(() => {
    if (given.current.unused) {
      given.current.unused = false;
      return;
    }
    setPage(null);
    latest.current.shown = 0;
    void reload();
  }, [month, load, reload]);

  useEffect(() => {
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'delivery') {
        applyDelivery(event.delivery);
      } else if (event.type === 'delivery-date') {
        latest.current.onDeliveryDate?.(event.deliveryDate);
      } else {
        void reload();
        latest.current.onReload?.();
      }
      latest.current.onChange?.();
    };
    const onState = (state: LiveState) => {
      setLiveState(state);
      if (state === 'live' && given.current.catchUp) {
        given.current.catchUp = false;
        void reload();
      }
    };
    return connectLive(onEvent, onState);
  }, [applyDelivery, reload]);

  /** Shows the rows in another order (a driver moved a stop), until the next reload. */
  const reorder = useCallback((ids: string[]) => {
    setPage((current) => {
      if (!current) return current;
      const byId = new Map(current.rows.map((row) => [row.id, row]));
      return { ...current, rows: ids.flatMap((id) => byId.get(id) ?? []) };
    });
  }, []);

  return {
    rows: page?.rows ?? null,
    total: page?.total ?? 0,
    hasMore: Boolean(page?.nextCursor),
    loadingMore,
    loadMore,
    error,
    liveState,
    reload,
    applyDelivery,
    reorder,
  };
}
