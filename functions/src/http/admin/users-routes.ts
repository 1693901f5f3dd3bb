import type { FastifyRequest } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import type { SiteContact } from '@blooms/shared/contract/site';
import type { Db } from '../../db/database';
import { staffInvitationEmail } from '../../mail/staff-invitation-email';
import { createUser, deleteUser, listUsers, updateUser } from '../../services/users';
import { callerOf, type AdminScope } from '../access';
import { serve } from '../serve';

/** What a new user's invitation needs: the staff sign-in page's address for them, and how to reach the studio. */
export interface InvitationSite {
  loginUrl: (request: FastifyRequest, email: string) => string;
  site: SiteContact;
}

/** Manage Users (the /users screen): admins only, by the scope these routes are registered in. */
export function registerUserRoutes(admin: AdminScope, db: Db, invitations: InvitationSite) {
  serve(admin, API.users, () => listUsers(db));

  serve(admin, API.addUser, async (request) => {
    const user = await createUser(db, request.body, (added) =>
      staffInvitationEmail(added, callerOf(request), invitations.loginUrl(request, added.email), invitations.site),
    );
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
