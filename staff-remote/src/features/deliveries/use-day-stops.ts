import { useQuery } from '@tanstack/react-query';
import type { MonthKey } from '@blooms/shared/contract/months';
import { queryClient } from '@blooms/shared/runtime/query-client';
import { staffQueries } from './queries';

/**
 * The month's stops with their places (the caller's own with `mine`; none read until
 * `enabled`); `reload` reads them again. When they cannot be read the list says so; the map
 * keeps what it showed.
 */
export function useDayStops(month: MonthKey, { mine = false, enabled = true } = {}) {
  const query = staffQueries.dayStops(month, mine);
  const stops = useQuery({ ...query, enabled }).data ?? null;
  return { stops, reload: () => void queryClient.invalidateQueries({ queryKey: query.queryKey }) };
}
