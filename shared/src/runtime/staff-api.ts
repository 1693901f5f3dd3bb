import { apiClient, STAFF_SESSION } from '@blooms/shared/runtime/api-client';
import { ADMIN_ROUTES } from '../contract/admin-api-routes';
import { STAFF_ROUTES } from '../contract/staff-api-routes';

/** The staff screens' client: staff and admin routes, with the staff sign-in (an employee's admin call is refused by the server). */
export const staffApi = apiClient(STAFF_SESSION, { ...STAFF_ROUTES, ...ADMIN_ROUTES });
