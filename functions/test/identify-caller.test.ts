import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@blooms/shared/contract/messages';
import type { TokenVerifier, VerifiedIdentity } from '../src/auth/token-verifier';
import type { Database } from '../src/db/database';
import { accessScope, callerOf, subscriberEmailOf, subscriberScope } from '../src/http/access';
import { TOO_MANY_REQUESTS } from '../src/http/rate-limit';
import { acceptSignIns, createSiteApp } from '../src/http/server';
import { UnauthenticatedError } from '../src/domain/errors';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addUser } from './support/fixtures';
import { wellInsideRateWindow } from './support/rate-windows';
import { testConfig } from './support/test-server';

const BAD_TOKEN = 'Your sign-in could not be verified. Please sign in again.';

/**
 * A verifier that accepts only the tokens a test gave an identity, whatever they claim: a real
 * one never verifies a token whose claims were changed, so with it the claim and the verified
 * e-mail always agree and the cases where they do not could not be tried.
 */
function fakeVerifier() {
  const identities = new Map<string, VerifiedIdentity>();
  const asked: string[] = [];
  const verifier: TokenVerifier = {
    verify: async (token) => {
      asked.push(token);
      const identity = identities.get(token);
      if (!identity) throw new UnauthenticatedError(BAD_TOKEN);
      return identity;
    },
    accountStates: async () => new Map(),
  };
  let made = 0;
  /** A JWT-shaped token whose unverified payload claims `claimed` (none: not a JWT), verified as `verifiedEmail` (none: refused). */
  const token = (claimed: string | null, verifiedEmail?: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = claimed === null ? `opaque-${++made}` : `${part({ alg: 'RS256' })}.${part({ email: claimed })}.signature-${++made}`;
    if (verifiedEmail) identities.set(token, { uid: `uid-${verifiedEmail}`, email: verifiedEmail, emailVerified: true, authTime: 0 });
    return token;
  };
  return { verifier, token, asked };
}

/** What `work` gave, and how many statements it sent to the database: every query goes through the driver's client.query. */
async function statementsDuring<T>(database: Database, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  let statements = 0;
  client.query = (...args) => {
    statements++;
    return query.apply(client, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    client.query = query;
  }
}

describe.each(DATABASE_KINDS)('identifying the caller on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const { verifier, token, asked } = fakeVerifier();

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    await addUser(database.db, 'Ada Admin', 'ada@blooms.example', 'admin');
    await addUser(database.db, 'Ben Employee', 'Ben@Blooms.example', 'employee');
    // The sign-in checks as the API and the live feed wire them, with routes that read nothing else.
    const config = testConfig({ RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE: '2' });
    app = await createSiteApp(config, false);
    const { identifyCaller, verifySignIn } = acceptSignIns(app, config, database.db, verifier);
    await app.register(accessScope('staff', identifyCaller, (staff) => staff.get('/api/caller', async (request) => callerOf(request))));
    await app.register(
      subscriberScope(verifySignIn, (subscriber) => subscriber.get('/api/own', async (request) => ({ email: subscriberEmailOf(request) }))),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(() => wellInsideRateWindow(database.db, 60, 10));

  let clients = 0;
  /** Each test from its own address, so bad tokens of one do not count against another. */
  const newClient = () => `198.51.100.${++clients}`;
  const get = (url: string, bearer: string, client: string) =>
    app.inject({ url, headers: { authorization: `Bearer ${bearer}` }, remoteAddress: client });

  it('identifies a caller with one statement to the database, matching the verified e-mail ignoring case', async () => {
    const { result: response, statements } = await statementsDuring(database, () =>
      get('/api/caller', token('BEN@blooms.example', 'ben@blooms.example'), newClient()),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ben Employee', role: 'employee' });
    expect(statements).toBe(1);
  });

  it('refuses a valid sign-in without a user record with the same 403, in one statement', async () => {
    const { result: response, statements } = await statementsDuring(database, () =>
      get('/api/caller', token('stranger@elsewhere.example', 'stranger@elsewhere.example'), newClient()),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'no-user-record', message: MESSAGES.noUserRecord });
    expect(statements).toBe(1);
  });

  it('checks a subscriber sign-in that verifies without a statement to the database', async () => {
    const { result: response, statements } = await statementsDuring(database, () =>
      get('/api/own', token('sam@home.example', 'sam@home.example'), newClient()),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'sam@home.example' });
    expect(statements).toBe(0);
  });

  it('identifies no one by a claim the token does not verify: 401, counted as a bad token', async () => {
    const client = newClient();
    const forged = await get('/api/caller', token('ada@blooms.example'), client);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'unauthenticated', message: BAD_TOKEN });
    // Counted: with the limit at 2, one more bad token and the client's bad tokens are refused for the minute.
    expect((await get('/api/caller', token('ada@blooms.example'), client)).statusCode).toBe(401);
    expect((await get('/api/caller', token('ada@blooms.example'), client)).statusCode).toBe(429);
  });

  it("uses the record of the verified e-mail, never the claimed one's", async () => {
    const client = newClient();
    const asBen = await get('/api/caller', token('ada@blooms.example', 'ben@blooms.example'), client);
    expect(asBen.statusCode).toBe(200);
    expect(asBen.json()).toMatchObject({ name: 'Ben Employee', role: 'employee' });

    const asStranger = await get('/api/caller', token('ada@blooms.example', 'stranger@elsewhere.example'), client);
    expect(asStranger.statusCode).toBe(403);
    expect(asStranger.json()).toEqual({ error: 'no-user-record', message: MESSAGES.noUserRecord });
  });

  it('identifies a caller whose token claims no e-mail by the verified one', async () => {
    const response = await get('/api/caller', token(null, 'ada@blooms.example'), newClient());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ada Admin', role: 'admin' });
  });

  it.each([
    ['staff', '/api/caller'],
    ['subscriber', '/api/own'],
  ])('refuses the bad tokens of a %s client over its limit with 429, and lets a good one from the same address through', async (_, url) => {
    const client = newClient();
    for (let i = 0; i < 2; i++) expect((await get(url, token('ada@blooms.example'), client)).statusCode).toBe(401);
    const refused = await get(url, token('ada@blooms.example'), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'resource-exhausted', message: TOO_MANY_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else signed in behind the same address is not locked out by them.
    const good = token('ada@blooms.example', 'ada@blooms.example');
    expect((await get(url, good, client)).statusCode).toBe(200);
    expect(asked).toContain(good);
  });
});
