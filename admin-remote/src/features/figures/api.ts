import { staffApi } from '@blooms/shared/runtime/staff-api';
import { apiQuery } from '@blooms/shared/runtime/api-query';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import type { MonthKey } from '@blooms/shared/contract/months';

/** The admin API for the owner's figures, by the route table (admins only; the server enforces it). */
export const figuresApi = {
  /** The figures for the range, or for the server's default range (the last 12 months and the next 3). */
  figures: (range: { from?: MonthKey; to?: MonthKey } | null) => apiQuery(ADMIN_ROUTES.businessFigures, range ? { query: range } : {}),
  paymentsToChase: () => apiQuery(ADMIN_ROUTES.paymentsToChase),
  /** E-mails the payer the card-update link again; answers with the list as it then stands. */
  sendCardLinkAgain: (subscriptionId: string) => staffApi.sendCardLinkAgain({ params: { id: subscriptionId } }),
};
