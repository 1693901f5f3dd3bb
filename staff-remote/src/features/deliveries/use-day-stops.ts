import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from './api';

/** Changes that come in a burst (a bulk assign) are read again once, this long after the last. */
const SETTLE_MS = 400;

/** The month's stops with their places (the caller's own with `mine`; none read until `enabled`); `refresh` asks again after a live change. */
export function useDayStops(month: MonthKey, { mine = false, enabled = true } = {}) {
  const [loaded, setLoaded] = useState<{ month: MonthKey; stops: DayStop[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The month shown now: an answer for a month stepped past (arriving after the newer one) is dropped.
  const shownMonth = useRef(month);
  shownMonth.current = month;
  const load = useCallback(() => {
    if (!enabled) return;
    deliveriesApi.dayStops(month, mine).then(
      (stops) => {
        if (month === shownMonth.current) setLoaded({ month, stops });
      },
      // The list says when the server cannot be reached; the map keeps what it showed.
      () => undefined,
    );
  }, [month, mine, enabled]);
  useEffect(() => {
    load();
    return () => clearTimeout(timer.current);
  }, [load]);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(load, SETTLE_MS);
  }, [load]);
  return { stops: loaded?.month === month ? loaded.stops : null, refresh, reloadNow: load };
}
