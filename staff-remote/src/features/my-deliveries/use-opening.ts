import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveriesApi } from '../deliveries/api';
import { thisMonthStart } from '../deliveries/use-start-month';
import { keepOpening, keptOpening, type Kept } from './kept-opening';

/** What My Deliveries opens with: the month where the work is and, when the server answered, the caller's stops in it. */
export interface Opening {
  start: StartMonth;
  /** Null when the opening request failed: the screen loads the month's stops itself (the kept copy, offline). */
  rows: SubscriptionRow[] | null;
}

const OPENING_KEY = apiKey(STAFF_ROUTES.myDeliveriesStart);

/**
 * My Deliveries' first load: the start month and the driver's stops in one request, not one
 * after the other, kept on the device for the next opening. Asked for once there is a sign-in
 * (`hasSignIn`, auth-store.ts): alongside the host's read of the user record rather than after
 * it. `readAt` is when it was answered.
 */
export function useOpening(hasSignIn: boolean): { opening: Opening | null; readAt: number } {
  const opening = useQuery({
    queryKey: OPENING_KEY,
    queryFn: async (): Promise<Opening> => {
      const loaded = await deliveriesApi.myDeliveriesStart();
      void keepOpening(loaded);
      return loaded;
    },
    enabled: hasSignIn,
    staleTime: Infinity,
  });
  return { opening: opening.data ?? (opening.isError ? { start: thisMonthStart(), rows: null } : null), readAt: opening.dataUpdatedAt };
}

/** What the device kept of the last opening (kept-opening.ts), looked up once; null while looking or when nothing is kept. */
export function useKeptOpening(): Kept | null {
  return useQuery({ queryKey: [...OPENING_KEY, 'kept'], queryFn: keptOpening, staleTime: Infinity }).data ?? null;
}
