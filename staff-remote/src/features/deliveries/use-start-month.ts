import { useQuery } from '@tanstack/react-query';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import { defaultDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { monthKey } from '@blooms/shared/contract/months';
import { staffQueries } from './queries';

/**
 * The month a staff screen opens on, as the server decides it (where the work is); with no
 * answer (offline, say), this month, so a driver's kept stops still show.
 */
export function useStartMonth(): StartMonth | null {
  const start = useQuery(staffQueries.startMonth());
  return start.data ?? (start.isError ? thisMonthStart() : null);
}

/** Where a staff screen opens when the server cannot say: this month, on its usual day. */
export function thisMonthStart(): StartMonth {
  const month = monthKey(new Date());
  return { month, date: defaultDeliveryDate(month), passedOver: null };
}
