import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DashboardView } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { staffQueries } from '../deliveries/queries';

/** The month's subscriptions as the view shows them, a page at a time (a row a change moved to a later page shows once). */
export function useMonthList(month: MonthKey, view: DashboardView) {
  const list = useInfiniteQuery(staffQueries.monthList(month, view));
  const rows = useMemo(
    () => (list.data ? [...new Map(list.data.pages.flatMap((page) => page.rows).map((row) => [row.id, row])).values()] : null),
    [list.data],
  );
  return {
    rows,
    total: list.data?.pages.at(-1)?.total ?? 0,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    error: list.error,
    reload: () => void list.refetch(),
  };
}
