import { useCallback, useEffect, useRef, useState } from 'react';
import type { DaySummary } from '@blooms/shared/contract/day-summary';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';

/** Changes that come in a burst (a bulk assign) are counted again once, this long after the last. */
const SETTLE_MS = 400;

/** The month's day summary; `refresh` asks again (after a live change), a burst of calls once. */
export function useDaySummary(month: MonthKey) {
  const [summary, setSummary] = useState<DaySummary | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The month shown now: an answer for a month stepped past (arriving after the newer one) is dropped.
  const shownMonth = useRef(month);
  shownMonth.current = month;
  const load = useCallback(() => {
    deliveriesApi.daySummary(month).then(
      (loaded) => setSummary((shown) => (loaded.month === shownMonth.current ? loaded : shown)),
      // The list says when the server cannot be reached; the summary just keeps its last figures.
      () => undefined,
    );
  }, [month]);
  useEffect(() => {
    setSummary(null);
    load();
    return () => clearTimeout(timer.current);
  }, [load]);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(load, SETTLE_MS);
  }, [load]);
  return { summary: summary?.month === month ? summary : null, refresh };
}
