import { staffApi } from '@blooms/shared/runtime/staff-api';
import { API } from '@blooms/shared/contract/api-routes';
import { paramsFrom } from '@blooms/shared/contract/api-route';

/** The admin API for a subscription's history, by the route table (admins only; the server enforces it). */
export const historyApi = {
  load: (subscriptionId: string) => staffApi.subscriptionHistory({ params: { id: subscriptionId } }),
  /** A door photo, at the address the history gives; photos are for signed-in staff, so they are fetched with the ID token. */
  photo: (url: string) => staffApi.historyPhoto({ params: paramsFrom(API.historyPhoto, url) }),
};
