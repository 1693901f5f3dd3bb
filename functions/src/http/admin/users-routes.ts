import { z } from 'zod';
import { userInputSchema, userRecordSchema } from '@blooms/shared/contract/users';
import type { Db } from '../../db/database';
import { createUser, deleteUser, listUsers, updateUser } from '../../services/users';
import type { AdminScope } from '../access';

// Any id is looked up: one that is not a user's, malformed or not, is a 404.
const userParams = z.object({ id: z.string().max(100) });

/** Manage Users (the /users screen): admins only, by the scope these routes are registered in. */
export function registerUserRoutes(admin: AdminScope, db: Db) {
  admin.get('/api/users', { schema: { response: { 200: z.array(userRecordSchema) } } }, () => listUsers(db));

  admin.post('/api/users', { schema: { body: userInputSchema, response: { 201: userRecordSchema } } }, async (request, reply) => {
    const user = await createUser(db, request.body);
    request.log.info({ userId: user.id, role: user.role }, 'user added');
    return reply.status(201).send(user);
  });

  admin.put('/api/users/:id', { schema: { params: userParams, body: userInputSchema, response: { 200: userRecordSchema } } }, async (request) => {
    const user = await updateUser(db, request.params.id, request.body);
    request.log.info({ userId: user.id, role: user.role }, 'user updated');
    return user;
  });

  admin.delete('/api/users/:id', { schema: { params: userParams } }, async (request, reply) => {
    await deleteUser(db, request.params.id);
    request.log.info({ userId: request.params.id }, 'user deleted');
    return reply.status(204).send();
  });
}
