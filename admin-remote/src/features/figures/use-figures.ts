import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '@blooms/shared/runtime/api-client';
import type { BusinessFigures } from '@blooms/shared/contract/business-figures';
import { figuresApi } from './api';
import type { MonthRange } from './RangeChooser';

/**
 * While the figures served are being read again, the page asks again after this long: the
 * server answers with the newer ones as soon as their read is done (a small studio's within its
 * first answer, a large one's in a few seconds).
 */
export const FIGURES_RECHECK_MS = 1000;

/**
 * The figures for the range asked (null: the server's default). Those shown stay while another
 * range is read, and when the server refuses a range or cannot answer; while the server is
 * bringing them up to date they are asked again.
 */
export function useFigures(asked: MonthRange | null) {
  const query = useQuery({
    ...figuresApi.figures(asked),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) => (state.status === 'success' && state.data?.refreshing ? FIGURES_RECHECK_MS : false),
  });
  // A range refused, or not answered, has no figures of its own: the last ones shown stay.
  const [lastShown, setLastShown] = useState<BusinessFigures | undefined>(query.data);
  if (query.data && query.data !== lastShown) setLastShown(query.data);
  const refused = query.error instanceof ApiError && query.error.status === 400 ? query.error.message : null;
  return {
    figures: query.data ?? lastShown ?? null,
    loading: query.isFetching && (query.isPlaceholderData || !query.data?.refreshing),
    bringingUpToDate: query.data?.refreshing === true && !query.isError,
    rangeProblem: refused,
    loadError: refused === null ? query.error : null,
    reload: () => void query.refetch(),
  };
}
