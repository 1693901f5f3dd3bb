import { apiRequest } from '@blooms/shared/runtime/api-client';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { UserInput } from '@blooms/shared/contract/users';

/** The admin API for staff accounts (admins only; the server enforces it: functions/src/http/admin/). */
export const usersApi = {
  list: () => apiRequest<UserRecord[]>('/api/users'),
  add: (input: UserInput) => apiRequest<UserRecord>('/api/users', { method: 'POST', body: input }),
  update: (id: string, input: UserInput) => apiRequest<UserRecord>(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  remove: (id: string) => apiRequest<null>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
