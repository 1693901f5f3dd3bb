import { useQuery } from '@tanstack/react-query';
import type { DaySummary } from '@blooms/shared/contract/day-summary';
import type { MonthKey } from '@blooms/shared/contract/months';
import { staffQueries } from '../deliveries/queries';

/** The month's day summary; when it cannot be read the list says so, and the summary keeps its last figures. */
export function useDaySummary(month: MonthKey): DaySummary | null {
  return useQuery(staffQueries.daySummary(month)).data ?? null;
}
