import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { USER_MESSAGES } from '@blooms/shared/contract/users';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { disableAccount, expire, signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

describe.each(DATABASE_KINDS)('GET /api/me on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await database.db.insert(users).values([
      { name: 'Avery Admin', email: 'avery@blooms.example', role: 'admin' },
      { name: 'Eli Employee', email: 'Eli@Blooms.example', role: 'employee' },
    ]);
    app = await startTestServer(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const me = (authorization?: string) => app.inject({ method: 'GET', url: '/api/me', headers: authorization ? { authorization } : {} });

  it('returns the admin record for an admin', async () => {
    const { idToken } = await signInWithGoogle('avery@blooms.example');
    const response = await me(`Bearer ${idToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Avery Admin', email: 'avery@blooms.example', role: 'admin' });
  });

  it('matches the e-mail ignoring case and returns the employee record', async () => {
    const { idToken } = await signInWithGoogle('eli@blooms.example');
    const response = await me(`Bearer ${idToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Eli Employee', role: 'employee' });
  });

  it('refuses a valid sign-in without a user record with 403', async () => {
    const { idToken } = await signInWithGoogle(`stranger-${kind}@elsewhere.example`);
    const response = await me(`Bearer ${idToken}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'no-user-record', message: MESSAGES.noUserRecord });
  });

  it('refuses an unverified e-mail even when a record matches it', async () => {
    const email = `unverified-${kind}@blooms.example`;
    await database.db.insert(users).values({ name: 'Una Verified', email });
    const { idToken } = await signInWithGoogle(email, { emailVerified: false });
    expect((await me(`Bearer ${idToken}`)).statusCode).toBe(403);
  });

  it('asks to sign in when the token is missing', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.signInRequired);
  });

  it('refuses a malformed token with 401', async () => {
    expect((await me('Bearer not-a-token')).statusCode).toBe(401);
    expect((await me('Basic dXNlcjpwYXNz')).statusCode).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const { idToken } = await signInWithGoogle('avery@blooms.example');
    const response = await me(`Bearer ${expire(idToken)}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your session has expired. Please sign in again.');
  });

  // Once checked, an account is trusted for ACCOUNT_RECHECK_MS: token-verifier.test.ts and live.test.ts.
  it('refuses a disabled account with 401, even with an unexpired token', async () => {
    const { idToken, uid } = await signInWithGoogle(`disabled-${kind}@blooms.example`);
    await database.db.insert(users).values({ name: 'Dee', email: `disabled-${kind}@blooms.example` });
    await disableAccount(uid);
    const response = await me(`Bearer ${idToken}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('This account has been disabled.');
  });
});

describe.each(DATABASE_KINDS)('PUT /api/me/name on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const email = `nameless-${kind}@blooms.example`;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await database.db.insert(users).values({ name: '', email, role: 'employee' });
    app = await startTestServer(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const setName = async (body: unknown) => {
    const { idToken } = await signInWithGoogle(email);
    return app.inject({ method: 'PUT', url: '/api/me/name', headers: { authorization: `Bearer ${idToken}` }, payload: body as object });
  };
  const stored = async () => (await database.db.select().from(users)).map(({ name, email, role }) => ({ name, email, role }));

  it('names the caller, trimmed, and nothing else about them', async () => {
    const response = await setName({ name: '  Quinn Courier ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Quinn Courier', email, role: 'employee' });
    expect(await stored()).toEqual([{ name: 'Quinn Courier', email, role: 'employee' }]);
  });

  it.each([
    ['an empty name', { name: '   ' }, USER_MESSAGES.nameRequired],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, USER_MESSAGES.nameTooLong],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const before = await stored();
    const response = await setName(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('takes the name and never a role sent alongside it: the role stays as an admin set it', async () => {
    const response = await setName({ name: 'Quinn', role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Quinn', role: 'employee' });
    expect(await stored()).toEqual([{ name: 'Quinn', email, role: 'employee' }]);
  });

  it("takes no bidi controls or invisible characters, and no other staff member's name", async () => {
    await database.db.insert(users).values({ name: 'Ada Admin', email: `ada-${kind}@blooms.example`, role: 'admin' });
    const overridden = await setName({ name: '\u202Enimda ada\u202C\u200B' });
    expect([overridden.statusCode, overridden.json().name]).toEqual([200, 'nimda ada']);
    const before = await stored();
    for (const name of ['Ada Admin', 'ada admin', '\u2066Ada\u2069 Admin']) {
      const taken = await setName({ name });
      expect([taken.statusCode, taken.json().message]).toEqual([409, USER_MESSAGES.duplicateName('Ada Admin')]);
    }
    expect(await stored()).toEqual(before);
  });

  it('asks to sign in without a token', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/me/name', payload: { name: 'Nobody' } });
    expect(response.statusCode).toBe(401);
  });
});
