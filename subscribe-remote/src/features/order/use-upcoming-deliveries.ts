import { useEffect, useState } from 'react';
import { publicApi } from '@blooms/shared/runtime/public-api';
import type { UpcomingDeliveries } from '@blooms/shared/contract/order';

/** The delivery days still to come, asked of the server once the form is live (an admin may have moved one). */
export function useUpcomingDeliveries(): UpcomingDeliveries {
  const [upcoming, setUpcoming] = useState<UpcomingDeliveries>('loading');
  useEffect(() => {
    const request = new AbortController();
    publicApi.upcomingDeliveries({ signal: request.signal }).then(setUpcoming, () => {
      if (!request.signal.aborted) setUpcoming('failed');
    });
    return () => request.abort();
  }, []);
  return upcoming;
}
