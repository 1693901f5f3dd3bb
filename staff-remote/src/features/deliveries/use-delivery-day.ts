import { useCallback, useEffect, useState } from 'react';
import type { MonthDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from './api';

/** The month's delivery day, as the server has it; `follow` takes a change heard on the live feed. */
export function useDeliveryDay(month: MonthKey) {
  const [day, setDay] = useState<MonthDeliveryDate | null>(null);
  const reload = useCallback(() => {
    deliveriesApi.deliveryDate(month).then(
      (loaded) => setDay(loaded.month === month ? loaded : null),
      // With no signal and nothing kept, the day is simply not shown; the rows matter more.
      () => undefined,
    );
  }, [month]);
  useEffect(reload, [reload]);
  const follow = useCallback((changed: MonthDeliveryDate) => setDay((shown) => (shown?.month === changed.month ? changed : shown)), []);
  return { day, setDay, reload, follow };
}
