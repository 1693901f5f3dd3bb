import { useEffect, useState } from 'react';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveriesApi } from '../deliveries/api';
import { thisMonthStart } from '../deliveries/use-start-month';

/** What My Deliveries opens with: the month where the work is and, when the server answered, the caller's stops in it. */
export interface Opening {
  start: StartMonth;
  /** Null when the opening request failed: the screen loads the month's stops itself (the kept copy, offline). */
  rows: SubscriptionRow[] | null;
}

/** My Deliveries' first load: the start month and the driver's stops in one request, not one after the other. */
export function useOpening(): Opening | null {
  const [opening, setOpening] = useState<Opening | null>(null);
  useEffect(() => {
    let current = true;
    deliveriesApi.myDeliveriesStart().then(
      (loaded) => current && setOpening(loaded),
      () => current && setOpening({ start: thisMonthStart(), rows: null }),
    );
    return () => {
      current = false;
    };
  }, []);
  return opening;
}
