import { useEffect, useState } from 'react';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveriesApi } from '../deliveries/api';
import { thisMonthStart } from '../deliveries/use-start-month';
import { keepOpening, keptOpening } from './kept-opening';

/** What My Deliveries opens with: the month where the work is and, when the server answered, the caller's stops in it. */
export interface Opening {
  start: StartMonth;
  /** Null when the opening request failed: the screen loads the month's stops itself (the kept copy, offline). */
  rows: SubscriptionRow[] | null;
}

/**
 * My Deliveries' first load: the start month and the driver's stops in one request, not one
 * after the other. Asked for once there is a sign-in (`hasSignIn`, auth-store.ts): alongside
 * the host's read of the user record rather than after it.
 */
export function useOpening(hasSignIn: boolean): Opening | null {
  const [opening, setOpening] = useState<Opening | null>(null);
  useEffect(() => {
    if (!hasSignIn) return;
    let current = true;
    deliveriesApi.myDeliveriesStart().then(
      (loaded) => {
        void keepOpening(loaded);
        if (current) setOpening(loaded);
      },
      () => current && setOpening({ start: thisMonthStart(), rows: null }),
    );
    return () => {
      current = false;
    };
  }, [hasSignIn]);
  return opening;
}

/** What the device kept of the last opening (kept-opening.ts), looked up once; null while looking or when nothing is kept. */
export function useKeptOpening(): Opening | null {
  const [kept, setKept] = useState<Opening | null>(null);
  useEffect(() => {
    let current = true;
    void keptOpening().then((found) => current && setKept(found));
    return () => {
      current = false;
    };
  }, []);
  return kept;
}
