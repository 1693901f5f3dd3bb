import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { Territory } from '@blooms/shared/contract/territories';
import { deliveryEvents, subscriptions, users } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

const NOVEMBER = '2030-11';
const DECEMBER = '2030-12';
const JANUARY = '2031-01';
const BOSS = 'boss@blooms.example';
const ELLA = 'ella@blooms.example';
const FINN = 'finn@blooms.example';
const GUS = 'gus@blooms.example';

describe.each(DATABASE_KINDS)('routes that carry over into a new month, and territories, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let now = noonOn('2030-11-05');
  const tokens: Record<string, string> = {};
  const id: Record<string, string> = {};

  const as = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: as(email), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
  const ok = async <T>(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const { status, body } = await call(email, method, url, payload);
    expect({ url, status, body: status === 200 ? 'ok' : body }).toEqual({ url, status: 200, body: 'ok' });
    return body as T;
  };
  const assign = (month: string, names: string[], assigneeEmail: string | null) =>
    ok(BOSS, 'POST', '/api/deliveries/assign', { month, subscriptionIds: names.map((name) => id[name]!), assigneeEmail });
  const mine = async (email: string, month: string) =>
    (await ok<SubscriptionRow[]>(email, 'GET', `/api/my-deliveries?month=${month}`)).map((row) => [
      row.firstName,
      row.delivery.autoAssigned ?? null,
    ]);
  const holders = async (month: string) =>
    Object.fromEntries(
      (await ok<DayStop[]>(BOSS, 'GET', `/api/day-stops?month=${month}`)).map((stop) => [stop.address.split(' ')[0], stop.assignedTo]),
    );
  const openMonth = async (day: string) => {
    now = noonOn(day);
    return (await ok<{ month: string }>(BOSS, 'GET', '/api/start-month')).month;
  };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { clock: () => now });
    await addUser(database.db, 'Bea Boss', BOSS, 'admin');
    for (const [name, email] of [
      ['Ella Driver', ELLA],
      ['Finn Driver', FINN],
      ['Gus Driver', GUS],
    ] as const)
      await addUser(database.db, name, email);
    for (const email of [BOSS, ELLA, FINN, GUS]) tokens[email] = (await signInWithGoogle(email)).idToken;
    // Each subscriber's address starts with their name, so the stops can be told apart.
    const add = async (name: string, zip: string, months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) => {
      id[name] = (await addSubscription(database.db, { firstName: name, address: `${name} Main St`, zip, months, plan: 'custom' })).id;
    };
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gil']) await add(name, '84101');
    // No November delivery: new stops in December, in Kaysville (Finn's territory) and Provo (nobody's).
    await add('Kay', '84037', [12, 1]);
    await add('Pat', '84601', [12, 1]);
    await openMonth('2030-11-05');
    await assign(NOVEMBER, ['Ann', 'Bob', 'Cat', 'Gil'], ELLA);
    await assign(NOVEMBER, ['Dan', 'Fay'], FINN);
    await assign(NOVEMBER, ['Eve'], GUS);
    await ok(ELLA, 'PUT', '/api/my-deliveries/order', { month: NOVEMBER, subscriptionIds: [id.Cat, id.Ann, id.Gil, id.Bob] });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('saves a driver’s territory for any staff member, and refuses an unknown ZIP or one another driver has, changing nothing', async () => {
    expect(await ok<Territory[]>(ELLA, 'PUT', '/api/territories', { driver: FINN, zips: ['84037', '84040'] })).toEqual([
      { driver: FINN, driverName: 'Finn', zips: ['84037', '84040'] },
    ]);
    await ok(BOSS, 'PUT', '/api/territories', { driver: ELLA, zips: ['84101'] });
    const before = await ok<Territory[]>(BOSS, 'GET', '/api/territories');

    expect(await call(BOSS, 'PUT', '/api/territories', { driver: ELLA, zips: ['84102', '99999', '12345'] })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: '99999, 12345 are not ZIP codes we deliver to. Nothing was saved.' }),
    });
    expect(await call(BOSS, 'PUT', '/api/territories', { driver: ELLA, zips: ['84102', '84040'] })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: '84040 is already in Finn’s territory. Nothing was saved.' }),
    });
    expect(await call(BOSS, 'PUT', '/api/territories', { driver: 'nobody@blooms.example', zips: ['84102'] })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'There is no staff member with the e-mail nobody@blooms.example.' }),
    });
    expect(await ok<Territory[]>(BOSS, 'GET', '/api/territories')).toEqual(before);
    // Finn gives up 84040: the rest of his territory stays.
    await ok(BOSS, 'PUT', '/api/territories', { driver: FINN, zips: ['84037'] });
    expect(await ok<Territory[]>(BOSS, 'GET', '/api/territories')).toEqual([
      { driver: ELLA, driverName: 'Ella', zips: ['84101'] },
      { driver: FINN, driverName: 'Finn', zips: ['84037'] },
    ]);
    await ok(BOSS, 'PUT', '/api/territories', { driver: ELLA, zips: [] });
  });

  it('starts December as November: the same driver in the same route order, marked; a hand-changed stop, a deleted driver’s and a stop with no driver stay as they are; a new stop goes by territory', async () => {
    await database.db.delete(users).where(eq(users.email, GUS));
    // Staff settled two December stops by hand before December began: Fay to Ella, Gil to nobody.
    await assign(DECEMBER, ['Fay'], ELLA);
    await assign(DECEMBER, ['Gil'], ELLA);
    await assign(DECEMBER, ['Gil'], null);

    expect(await openMonth('2030-12-01')).toBe(DECEMBER);

    expect(await mine(ELLA, DECEMBER)).toEqual([
      ['Cat', 'last-month'],
      ['Ann', 'last-month'],
      ['Bob', 'last-month'],
      ['Fay', null],
    ]);
    expect(await mine(FINN, DECEMBER)).toEqual([
      ['Dan', 'last-month'],
      ['Kay', 'territory'],
    ]);
    expect(await holders(DECEMBER)).toMatchObject({ Eve: null, Gil: null, Pat: null, Fay: ELLA });
    expect((await ok<{ autoAssigned: number }>(BOSS, 'GET', `/api/day-summary?month=${DECEMBER}`)).autoAssigned).toBe(5);
  });

  it('carries a month over once: opening it again assigns nothing twice, leaves a stop staff cleared since unassigned, and a territory set since waits for the next month', async () => {
    const events = async () => (await database.db.select().from(deliveryEvents).where(eq(deliveryEvents.month, DECEMBER))).length;
    await assign(DECEMBER, ['Ann'], null);
    await ok(BOSS, 'PUT', '/api/territories', { driver: ELLA, zips: ['84601'] });
    const before = await events();
    expect(await openMonth('2030-12-02')).toBe(DECEMBER);
    await ok(ELLA, 'GET', '/api/my-deliveries/start');
    expect(await events()).toBe(before);
    expect(await holders(DECEMBER)).toMatchObject({ Ann: null, Pat: null });
    expect(await mine(ELLA, DECEMBER)).toEqual([
      ['Cat', 'last-month'],
      ['Bob', 'last-month'],
      ['Fay', null],
    ]);
  });

  it('keeps the month’s marked assignments with one press, or clears them back to unassigned', async () => {
    const kept = await ok<unknown[]>(BOSS, 'POST', '/api/deliveries/auto-assigned', { month: DECEMBER, action: 'keep' });
    expect(kept).toHaveLength(4);
    expect(await mine(ELLA, DECEMBER)).toEqual([
      ['Cat', null],
      ['Bob', null],
      ['Fay', null],
    ]);
    expect(await mine(FINN, DECEMBER)).toEqual([
      ['Dan', null],
      ['Kay', null],
    ]);

    // January starts as December ended, marked again; Clear hands those stops back.
    await database.db.update(subscriptions).set({ skippedMonths: [] });
    expect(await openMonth('2031-01-01')).toBe(JANUARY);
    expect(await mine(FINN, JANUARY)).toEqual([
      ['Dan', 'last-month'],
      ['Kay', 'last-month'],
    ]);
    await ok(BOSS, 'POST', '/api/deliveries/auto-assigned', { month: JANUARY, action: 'clear' });
    expect(await mine(FINN, JANUARY)).toEqual([]);
    expect(await mine(ELLA, JANUARY)).toEqual([]);
    expect((await ok<{ autoAssigned: number }>(BOSS, 'GET', `/api/day-summary?month=${JANUARY}`)).autoAssigned).toBe(0);
  });
});
