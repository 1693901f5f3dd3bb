import { useCallback, useEffect, useRef, useState } from 'react';
import { connectLive } from '@blooms/shared/runtime/live-client';
import type { Forecast } from '@blooms/shared/contract/forecast';
import { forecastApi } from './api';

/** Changes that come in a burst (a bulk assign, a day's deliveries) are counted again once, this long after the last. */
const SETTLE_MS = 400;

/** The forecast, read again after every live change (a skip, a cancellation, a stop made, a day moved). */
export function useForecast() {
  const [forecast, setForecast] = useState<Forecast | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = useCallback(() => {
    forecastApi.forecast().then(
      (loaded) => {
        setForecast(loaded);
        setError(null);
      },
      (e: unknown) => setError(e),
    );
  }, []);
  useEffect(() => {
    load();
    const disconnect = connectLive(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(load, SETTLE_MS);
    });
    return () => {
      disconnect();
      clearTimeout(timer.current);
    };
  }, [load]);
  return { forecast, error, reload: load };
}
