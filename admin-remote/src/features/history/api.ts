import { ApiError, apiRequest, authHeaders, backendUrl } from '@blooms/shared/runtime/api-client';
import { historyUrl, type SubscriptionHistory } from '@blooms/shared/contract/subscription-history';

/** The admin API for a subscription's history (admins only; the server enforces it: functions/src/http/admin/). */
export const historyApi = {
  load: (subscriptionId: string) => apiRequest<SubscriptionHistory>(historyUrl(subscriptionId)),
  /** A door photo; photos are for signed-in staff, so they are fetched with the ID token. */
  photo: async (url: string): Promise<Blob> => {
    const response = await fetch(backendUrl(url), { headers: await authHeaders() });
    if (!response.ok) throw new ApiError(response.status, 'Could not load the photo.');
    return response.blob();
  },
};
