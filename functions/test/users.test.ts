import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { STAFF_INVITATION, USER_MESSAGES } from '@blooms/shared/contract/users';
import { listUsers } from '../src/services/users';
import { emailOutbox, users } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';
import { testNow } from './support/test-now';

describe.each(DATABASE_KINDS)('users API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<'admin' | 'employee' | 'stranger', string> = { admin: '', employee: '', stranger: '' };
  let adminId = '';
  let employeeId = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database);
    tokens.admin = (await signInWithGoogle('boss@blooms.example')).idToken;
    tokens.employee = (await signInWithGoogle('eli@blooms.example')).idToken;
    tokens.stranger = (await signInWithGoogle('stranger@elsewhere.example')).idToken;
  });
  beforeEach(async () => {
    await database.db.delete(users);
    const [admin, employee] = await database.db
      .insert(users)
      .values([
        { name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' },
        { name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' },
      ])
      .returning();
    adminId = admin!.id;
    employeeId = employee!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  type Caller = keyof typeof tokens | 'visitor';
  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: caller === 'visitor' ? {} : { authorization: `Bearer ${tokens[caller]}` },
      ...(payload ? { payload } : {}),
    });
  const snapshot = () => listUsers(database.db);

  describe('authorization', () => {
    const endpoints = () =>
      [
        ['GET', '/api/users', undefined, 200],
        ['POST', '/api/users', { name: 'New Person', email: 'new@blooms.example' }, 201],
        ['PUT', `/api/users/${employeeId}`, { name: 'Eli Renamed', email: 'eli@blooms.example', role: 'employee' }, 200],
        ['DELETE', `/api/users/${employeeId}`, undefined, 204],
      ] as const;

    it.each([
      ['visitor', 401],
      ['stranger', 403],
      ['employee', 403],
    ] as const)('refuses a %s on every endpoint with %i and changes nothing', async (caller, status) => {
      const before = await snapshot();
      for (const [method, url, payload] of endpoints()) {
        const response = await call(caller, method, url, payload);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('tells an employee the endpoint is for admins', async () => {
      expect((await call('employee', 'GET', '/api/users')).json().message).toBe(MESSAGES.adminOnly);
    });

    it('lets an admin use every endpoint', async () => {
      for (const [method, url, payload, status] of endpoints()) {
        expect((await call('admin', method, url, payload)).statusCode).toBe(status);
      }
    });
  });

  it('lists users with name, e-mail and role', async () => {
    const response = await call('admin', 'GET', '/api/users');
    expect(response.json()).toEqual([
      { id: adminId, name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin', lastSignInAt: null },
      { id: employeeId, name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee', lastSignInAt: null },
    ]);
  });

  it('adds a user with the employee role by default, trimming and lower-casing the e-mail', async () => {
    const response = await call('admin', 'POST', '/api/users', { name: '  Nia Novak ', email: ' Nia@Blooms.Example ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Nia Novak', email: 'nia@blooms.example', role: 'employee' });
    expect((await snapshot()).map((u) => u.email)).toContain('nia@blooms.example');
  });

  it.each([
    [{ email: 'a@b.co' }, USER_MESSAGES.nameRequired],
    [{ name: '   ', email: 'a@b.co' }, USER_MESSAGES.nameRequired],
    [{ name: 'A' }, USER_MESSAGES.emailRequired],
    [{ name: 'A', email: '' }, USER_MESSAGES.emailRequired],
    [{ name: 'A', email: 'not-an-email' }, USER_MESSAGES.emailInvalid],
    [{ name: 'A', email: 'a b@c.co' }, USER_MESSAGES.emailInvalid],
    [{ name: 'A', email: 'jane@example.com,victim@elsewhere.test' }, USER_MESSAGES.emailInvalid],
    [{ name: 'A', email: '"x"<victim@elsewhere.test>@a.bc' }, USER_MESSAGES.emailInvalid],
    [{ name: 'A', email: 'a@b.co', role: 'owner' }, USER_MESSAGES.roleInvalid],
    [{ name: 'x'.repeat(101), email: 'a@b.co' }, USER_MESSAGES.nameTooLong],
    [{ name: 42, email: 'a@b.co' }, USER_MESSAGES.nameRequired],
  ])('refuses %j with 400 "%s" and writes nothing', async (payload, message) => {
    const before = await snapshot();
    const response = await call('admin', 'POST', '/api/users', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a duplicate e-mail in another case with 409 and a clear message', async () => {
    const before = await snapshot();
    const response = await call('admin', 'POST', '/api/users', { name: 'Eli Twin', email: 'ELI@Blooms.example' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A user with the e-mail eli@blooms.example already exists.');
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to change a user's e-mail to another user's", async () => {
    const response = await call('admin', 'PUT', `/api/users/${employeeId}`, {
      name: 'Eli',
      email: 'Boss@blooms.example',
      role: 'employee',
    });
    expect(response.statusCode).toBe(409);
    expect((await snapshot()).find((u) => u.id === employeeId)?.email).toBe('eli@blooms.example');
  });

  it('keeps a name as its letters read, without bidi controls or invisible characters, on add and edit', async () => {
    const added = await call('admin', 'POST', '/api/users', { name: '\u202EAna\u200B Lopez\u202C', email: 'ana@blooms.example' });
    expect([added.statusCode, added.json().name]).toEqual([201, 'Ana Lopez']);
    const edited = await call('admin', 'PUT', `/api/users/${employeeId}`, {
      name: 'Eli\u2066 Employee\u2069\uFEFF',
      email: 'eli@blooms.example',
      role: 'employee',
    });
    expect([edited.statusCode, edited.json().name]).toEqual([200, 'Eli Employee']);
    const hidden = await call('admin', 'POST', '/api/users', { name: '\u200B\u202E', email: 'blank@blooms.example' });
    expect([hidden.statusCode, hidden.json().message]).toEqual([400, USER_MESSAGES.nameRequired]);
    expect((await snapshot()).map((user) => user.name).sort()).toEqual(['Ana Lopez', 'Bea Boss', 'Eli Employee']);
  });

  it("refuses a name another staff member goes by, however it is written, with 409; a user's own name may stay", async () => {
    const before = await snapshot();
    for (const name of ['Bea Boss', 'bea  boss', 'Bea\u200B Boss', 'Ｂｅａ Ｂｏｓｓ']) {
      const added = await call('admin', 'POST', '/api/users', { name, email: 'copy@blooms.example' });
      expect([name, added.statusCode, added.json().message]).toEqual([name, 409, USER_MESSAGES.duplicateName('Bea Boss')]);
      const renamed = await call('admin', 'PUT', `/api/users/${employeeId}`, { name, email: 'eli@blooms.example', role: 'employee' });
      expect([name, renamed.statusCode]).toEqual([name, 409]);
    }
    expect(await snapshot()).toEqual(before);
    const promoted = await call('admin', 'PUT', `/api/users/${employeeId}`, {
      name: 'Eli Employee',
      email: 'eli@blooms.example',
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
  });

  it('updates every edited field', async () => {
    const response = await call('admin', 'PUT', `/api/users/${employeeId}`, {
      name: 'Elijah Stone',
      email: 'elijah@blooms.example',
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: employeeId, name: 'Elijah Stone', email: 'elijah@blooms.example', role: 'admin' });
  });

  it('answers 404 for a user that does not exist, or a malformed id', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('admin', 'PUT', `/api/users/${missing}`, { name: 'X', email: 'x@y.co' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/users/${missing}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/api/users/not-a-uuid')).statusCode).toBe(404);
  });

  describe('the last admin', () => {
    it('cannot be demoted', async () => {
      const response = await call('admin', 'PUT', `/api/users/${adminId}`, {
        name: 'Bea Boss',
        email: 'boss@blooms.example',
        role: 'employee',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(USER_MESSAGES.lastAdmin);
      expect((await snapshot()).find((u) => u.id === adminId)?.role).toBe('admin');
    });

    it('cannot be deleted', async () => {
      const response = await call('admin', 'DELETE', `/api/users/${adminId}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(USER_MESSAGES.lastAdmin);
      expect((await snapshot()).map((u) => u.id)).toContain(adminId);
    });

    it('can step down once another admin exists', async () => {
      await call('admin', 'PUT', `/api/users/${employeeId}`, { name: 'Eli Employee', email: 'eli@blooms.example', role: 'admin' });
      const response = await call('admin', 'PUT', `/api/users/${adminId}`, {
        name: 'Bea Boss',
        email: 'boss@blooms.example',
        role: 'employee',
      });
      expect(response.statusCode).toBe(200);
    });
  });

  it("refuses a deleted user's next request", async () => {
    expect((await call('employee', 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/users/${employeeId}`)).statusCode).toBe(204);
    const response = await call('employee', 'GET', '/api/me');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.noUserRecord);
  });

  describe('the invitation e-mail', () => {
    const invitationsTo = (email: string) =>
      database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'staff-invitation'))
        .then((rows) => rows.filter((row) => row.recipient.address === email));

    it('is queued with the new user, in the same transaction, with a link to the staff sign-in page for their address', async () => {
      const response = await call('admin', 'POST', '/api/users', { name: 'Nina Invited', email: 'Nina@Blooms.example', role: 'admin' });
      expect(response.statusCode).toBe(201);
      const [invitation, ...more] = await invitationsTo('nina@blooms.example');
      expect(more).toEqual([]);
      expect(invitation).toMatchObject({ subject: STAFF_INVITATION.subject, subscriptionId: null });
      expect(invitation!.text).toContain('Hi Nina Invited,');
      expect(invitation!.text).toContain('Bea Boss added you to the Monthly Blooms team as an admin.');
      expect(invitation!.text).toMatch(/^Sign in to Monthly Blooms: http:\/\/\S+\/login\?email=nina%40blooms\.example$/m);
      expect(invitation!.html).toContain('/login?email=nina%40blooms.example');
      // now() is the transaction's start: the same time on both rows says one transaction wrote them.
      const [added] = await database.db.select().from(users).where(eq(users.email, 'nina@blooms.example'));
      expect(invitation!.createdAt.toISOString()).toBe(added!.createdAt.toISOString());
    });

    it('is not queued when the user is not added', async () => {
      expect((await call('admin', 'POST', '/api/users', { name: 'Eli Twin', email: 'ELI@blooms.example' })).statusCode).toBe(409);
      expect((await call('admin', 'POST', '/api/users', { name: 'eli employee', email: 'other-eli@blooms.example' })).statusCode).toBe(409);
      expect((await call('admin', 'POST', '/api/users', { name: 'No Mail', email: 'not-an-email' })).statusCode).toBe(400);
      // A later invitation is queued: the refused ones above had their chance.
      expect((await call('admin', 'POST', '/api/users', { name: 'Ona Later', email: 'ona@blooms.example' })).statusCode).toBe(201);
      expect(await invitationsTo('ona@blooms.example')).toHaveLength(1);
      expect(await invitationsTo('eli@blooms.example')).toEqual([]);
      expect(await invitationsTo('other-eli@blooms.example')).toEqual([]);
    });

    it('is not queued when a user is edited', async () => {
      const edit = { name: 'Eli Renamed', email: 'eli@blooms.example', role: 'employee' };
      expect((await call('admin', 'PUT', `/api/users/${employeeId}`, edit)).statusCode).toBe(200);
      expect(await invitationsTo('eli@blooms.example')).toEqual([]);
    });
  });

  describe('the last sign-in', () => {
    let at = testNow();
    let clocked: FastifyInstance;
    beforeAll(async () => {
      clocked = await startTestServer(database, { clock: () => at });
    });
    afterAll(async () => {
      await clocked.close();
    });
    const signIn = async (caller: 'admin' | 'employee') =>
      expect(
        (await clocked.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${tokens[caller]}` } })).statusCode,
      ).toBe(200);
    const lastSignIns = async () =>
      Object.fromEntries(
        ((await call('admin', 'GET', '/api/users')).json() as { email: string; lastSignInAt: string | null }[]).map((u) => [
          u.email,
          u.lastSignInAt,
        ]),
      );

    it('is when the staff member last asked who they are, written at most every five minutes', async () => {
      const first = testNow();
      at = first;
      await signIn('employee');
      expect(await lastSignIns()).toEqual({ 'boss@blooms.example': null, 'eli@blooms.example': first.toISOString() });

      // Page loads within five minutes write nothing.
      at = new Date(first.getTime() + 4 * 60_000);
      await signIn('employee');
      expect((await lastSignIns())['eli@blooms.example']).toBe(first.toISOString());

      at = new Date(first.getTime() + 5 * 60_000);
      await signIn('employee');
      await signIn('admin');
      expect(await lastSignIns()).toEqual({ 'boss@blooms.example': at.toISOString(), 'eli@blooms.example': at.toISOString() });
    });

    it('goes with the user when they are deleted, and a user added again starts with none', async () => {
      at = testNow();
      await signIn('employee');
      expect((await call('admin', 'DELETE', `/api/users/${employeeId}`)).statusCode).toBe(204);
      expect((await call('admin', 'POST', '/api/users', { name: 'Eli Employee', email: 'eli@blooms.example' })).statusCode).toBe(201);
      expect((await lastSignIns())['eli@blooms.example']).toBeNull();
    });
  });
});
