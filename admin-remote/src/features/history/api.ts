import { staffApi } from '@blooms/shared/runtime/staff-api';
import { apiQuery } from '@blooms/shared/runtime/api-query';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import { paramsFrom } from '@blooms/shared/contract/api-route';
import type { StaffRefund } from '@blooms/shared/contract/billing';

/** The admin API for a subscription's history, by the route table (admins only; the server enforces it). */
export const historyApi = {
  history: (subscriptionId: string) => apiQuery(ADMIN_ROUTES.subscriptionHistory, { params: { id: subscriptionId } }),
  /** Refunds a month; answers with the history, the refund in it. */
  refund: (subscriptionId: string, body: StaffRefund) => staffApi.refundMonth({ params: { id: subscriptionId }, body }),
  /** A door photo, at the address the history gives; photos are for signed-in staff, so they are fetched with the ID token. */
  photo: (url: string) => staffApi.historyPhoto({ params: paramsFrom(ADMIN_ROUTES.historyPhoto, url) }),
};
