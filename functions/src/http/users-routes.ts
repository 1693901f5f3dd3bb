import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@blooms/shared/messages';
import { USER_MESSAGES, userInputSchema } from '@blooms/shared/users';
import type { UserRecord } from '@blooms/shared/roles';
import type { Db } from '../db/database';
import { createUser, deleteUser, listUsers, updateUser } from '../services/users';
import { forbidden, notFound } from './errors';
import { parse } from './validate';

const idSchema = z.uuid();

const parseInput = (body: unknown) => parse(userInputSchema, body);

function parseId(request: FastifyRequest<{ Params: { id: string } }>): string {
  const id = idSchema.safeParse(request.params.id);
  if (!id.success) throw notFound(USER_MESSAGES.notFound);
  return id.data;
}

/** Manage Users (spec section 2 "/users"): admins only. */
export function registerUserRoutes(app: FastifyInstance, db: Db, authenticate: (request: FastifyRequest) => Promise<UserRecord>) {
  const requireAdmin = async (request: FastifyRequest) => {
    const caller = await authenticate(request);
    if (caller.role !== 'admin') throw forbidden(MESSAGES.adminOnly);
    return caller;
  };

  app.get('/api/users', async (request) => {
    await requireAdmin(request);
    return listUsers(db);
  });

  app.post('/api/users', async (request, reply) => {
    await requireAdmin(request);
    const user = await createUser(db, parseInput(request.body));
    request.log.info({ userId: user.id, role: user.role }, 'user added');
    return reply.status(201).send(user);
  });

  app.put<{ Params: { id: string } }>('/api/users/:id', async (request) => {
    await requireAdmin(request);
    const user = await updateUser(db, parseId(request), parseInput(request.body));
    request.log.info({ userId: user.id, role: user.role }, 'user updated');
    return user;
  });

  app.delete<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
    await requireAdmin(request);
    const id = parseId(request);
    await deleteUser(db, id);
    request.log.info({ userId: id }, 'user deleted');
    return reply.status(204).send();
  });
}
