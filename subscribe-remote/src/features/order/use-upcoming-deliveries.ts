import { useEffect, useState } from 'react';
import { apiRequest } from '@blooms/shared/runtime/api-client';
import { UPCOMING_DELIVERIES_PATH, type UpcomingDeliveries, type UpcomingDelivery } from '@blooms/shared/contract/order';

/** The delivery days still to come, asked of the server once the form is live (an admin may have moved one). */
export function useUpcomingDeliveries(): UpcomingDeliveries {
  const [upcoming, setUpcoming] = useState<UpcomingDeliveries>('loading');
  useEffect(() => {
    const request = new AbortController();
    apiRequest<UpcomingDelivery[]>(UPCOMING_DELIVERIES_PATH, { signal: request.signal }).then(setUpcoming, () => {
      if (!request.signal.aborted) setUpcoming('failed');
    });
    return () => request.abort();
  }, []);
  return upcoming;
}
