import { useQuery } from '@tanstack/react-query';
import type { MonthKey } from '@blooms/shared/contract/months';
import { staffQueries } from '../deliveries/queries';
import type { Opening } from './use-opening';

/**
 * The caller's stops in the month. The opening's month starts from the stops that came with it
 * (answered at `readAt`, before the live feed listened, so read again once it does).
 */
export function useMyRows(month: MonthKey, { start, rows }: Opening, readAt: number) {
  const given = month === start.month && rows !== null;
  const mine = useQuery({ ...staffQueries.myDeliveries(month), initialData: given ? rows : undefined, initialDataUpdatedAt: readAt });
  return { rows: mine.data ?? null, error: mine.error, reload: async () => void (await mine.refetch()) };
}
