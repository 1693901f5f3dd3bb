// The caller's own user record, part of the route table (spread into STAFF_ROUTES): on its own
// so that the host, which reads it at sign-in, does not load every staff route's schemas.
import { apiRoute } from './api-route';
import { STAFF_ME_API_PATH } from './routes';
import { ownNameSchema, userRecordSchema } from './users';

export const OWN_RECORD_ROUTES = {
  me: apiRoute({ method: 'GET', path: STAFF_ME_API_PATH, access: 'staff', response: userRecordSchema }),
  /** The caller names themselves; their role and e-mail stay as an admin set them. */
  setMyName: apiRoute({ method: 'PUT', path: '/api/me/name', access: 'staff', body: ownNameSchema, response: userRecordSchema }),
};
