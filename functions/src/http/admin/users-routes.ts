import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { createUser, deleteUser, listUsers, updateUser } from '../../services/users';
import type { AdminScope } from '../access';
import { serve } from '../serve';

/** Manage Users (the /users screen): admins only, by the scope these routes are registered in. */
export function registerUserRoutes(admin: AdminScope, db: Db) {
  serve(admin, API.users, () => listUsers(db));

  serve(admin, API.addUser, async (request) => {
    const user = await createUser(db, request.body);
    request.log.info({ userId: user.id, role: user.role }, 'user added');
    return user;
  });

  serve(admin, API.updateUser, async (request) => {
    const user = await updateUser(db, request.params.id, request.body);
    request.log.info({ userId: user.id, role: user.role }, 'user updated');
    return user;
  });

  serve(admin, API.removeUser, async (request, reply) => {
    await deleteUser(db, request.params.id);
    request.log.info({ userId: request.params.id }, 'user deleted');
    return reply.send();
  });
}
