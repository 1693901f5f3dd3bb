import { useQuery } from '@tanstack/react-query';
import type { MonthKey } from '@blooms/shared/contract/months';
import { staffQueries } from './queries';
import { applyDeliveryDay } from './live-cache';

/**
 * The month's delivery day, as the server has it; `setDay` shows the one an admin just set.
 * With no signal and nothing kept, the day is simply not shown: the rows matter more.
 */
export function useDeliveryDay(month: MonthKey) {
  return { day: useQuery(staffQueries.deliveryDay(month)).data ?? null, setDay: applyDeliveryDay };
}
