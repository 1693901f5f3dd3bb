import { staffApi } from '@blooms/shared/runtime/staff-api';
import { apiQuery } from '@blooms/shared/runtime/api-query';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import type { UserInput } from '@blooms/shared/contract/users';

/** The admin API for staff accounts, by the route table (admins only; the server enforces it). */
export const usersApi = {
  list: () => apiQuery(ADMIN_ROUTES.users),
  add: (input: UserInput) => staffApi.addUser({ body: input }),
  update: (id: string, input: UserInput) => staffApi.updateUser({ params: { id }, body: input }),
  remove: (id: string) => staffApi.removeUser({ params: { id } }),
};
