import { apiClient, STAFF_SESSION } from '@blooms/shared/runtime/api-client';
import { OWN_RECORD_ROUTES } from '../contract/own-record-api-routes';

/** The host's client: the signed-in staff member's own record, with the staff sign-in. */
export const ownRecordApi = apiClient(STAFF_SESSION, OWN_RECORD_ROUTES);
