import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API } from '@blooms/shared/contract/api-routes';
import { isNoSuchRoute } from '@blooms/shared/contract/unreadable-reply';
import { listUsers } from '../src/services/users';
import { users } from '../src/db/schema';
import { parseRequestPart } from '../src/http/zod';
import { call, payload } from './support/checkout-payload';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

describe('a request part with keys its schema does not name', () => {
  const schema = z.strictObject({
    month: z.string(),
    split: z.array(z.strictObject({ assignee: z.string(), stops: z.number() })),
    note: z.string().optional(),
  });

  it('is parsed without them, at any depth, and says which were left out', () => {
    const sent = { month: '2026-11', split: [{ assignee: 'a', stops: 2, colour: 'red' }], priority: 'high' };
    expect(parseRequestPart(schema, sent)).toEqual({
      success: true,
      data: { month: '2026-11', split: [{ assignee: 'a', stops: 2 }] },
      ignored: ['split.0.colour', 'priority'],
    });
    // What was sent is left as it was.
    expect(sent.split[0]).toHaveProperty('colour', 'red');
  });

  it('is refused for the fields it does name, by name, whatever else it carries', () => {
    expect(parseRequestPart(schema, { month: 11, split: [], extra: true })).toEqual({ success: false, message: 'month must be text.' });
  });
});

describe.each(DATABASE_KINDS)('apps of another release than the API, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logged: string[] = [];
  let admin = '';
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const ignoredLines = () =>
    logged.map((line) => JSON.parse(line) as { route?: string; ignoredFields?: string[] }).filter((line) => line.ignoredFields);

  const addUser = (fields: object) => app.inject({ method: 'POST', url: API.addUser.path, headers: as(admin), payload: fields });

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { logTo: { write: (line) => void logged.push(line) } });
    await database.db.insert(users).values({ name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' });
    admin = (await signInWithGoogle('boss@blooms.example')).idToken;
  });
  beforeEach(() => void logged.splice(0));
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('does what the fields it knows ask, and logs the route and the fields it ignored, without their values', async () => {
    const added = await addUser({ name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee', team: 'North side' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).not.toHaveProperty('team');
    expect((await listUsers(database.db)).map(({ name, email, role }) => ({ name, email, role }))).toContainEqual({
      name: 'Eli Employee',
      email: 'eli@blooms.example',
      role: 'employee',
    });
    expect(ignoredLines()).toEqual([expect.objectContaining({ route: 'POST /api/users', ignoredFields: ['body.team'] })]);
    expect(logged.join('\n')).not.toContain('North side');
  });

  it('ignores a query key a route does not read, and a field inside a callable’s data', async () => {
    const staff = await app.inject({ url: `${API.staffMembers.path}?serach=ana`, headers: as(admin) });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toContainEqual(expect.objectContaining({ email: 'boss@blooms.example' }));
    const checkout = await call(app, 'createCheckoutSession', { ...payload(), referral_code: 'SPRING' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().result.url).toContain('/checkout/test/');
    expect(ignoredLines()).toEqual([
      expect.objectContaining({ route: 'GET /api/staff', ignoredFields: ['query.serach'] }),
      expect.objectContaining({ route: 'POST /api/createCheckoutSession', ignoredFields: ['body.data.referral_code'] }),
    ]);
  });

  it('still refuses a field it reads when its value is wrong, naming that field, and changes nothing', async () => {
    const before = await listUsers(database.db);
    const refused = await addUser({ name: 'Cy', email: 'not an address', role: 'employee', team: 'North' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/e-mail/i);
    expect(await listUsers(database.db)).toEqual(before);
  });

  it('answers a route it does not have with 404 and a message the browser takes as "this page was updated"', async () => {
    const missing = await app.inject({ url: '/api/day-stops-by-van?month=2026-11', headers: as(admin) });
    expect(missing.statusCode).toBe(404);
    expect(isNoSuchRoute(missing.statusCode, missing.json())).toBe(true);
    const notFound = await app.inject({ url: `/api/subscriptions/${randomUUID()}/history`, headers: as(admin) });
    expect(notFound.statusCode).toBe(404);
    expect(isNoSuchRoute(notFound.statusCode, notFound.json())).toBe(false);
  });

  it('logs what a page reports it could not read, and drops a malformed report', async () => {
    const report = {
      route: 'GET /api/forecast',
      status: 200,
      problem: 'days: Invalid input: expected array, received undefined',
      build: 'b-17',
    };
    const beacon = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: API.unreadableReply.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await beacon(report)).statusCode).toBe(204);
    expect((await beacon({ route: 42 })).statusCode).toBe(204);
    const reports = logged
      .map((line) => JSON.parse(line) as { unreadableReply?: unknown; msg: string })
      .filter((line) => line.unreadableReply);
    expect(reports).toEqual([
      expect.objectContaining({ unreadableReply: report, msg: 'a page could not read a reply of GET /api/forecast' }),
    ]);
  });
});
