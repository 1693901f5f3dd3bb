import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { splitByArea, STALE_SPLIT } from '@blooms/shared/contract/area-split';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { ZIP_CENTROIDS } from '@blooms/shared/contract/zip-centroids';
import { deliveries, subscriptions } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

const NOVEMBER = '2030-11';
// Two stops each in Kaysville (Davis), Salt Lake City and Provo (Utah county), north to south.
const AREAS = ['84037', '84102', '84601'];

describe.each(DATABASE_KINDS)('the day’s stops and assigning them by area, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  let ella = '';
  let elsewhere = '';
  /** Cancelled before November with its vase out: a pickup-only stop in Provo. */
  let pickup = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database);
    await addUser(database.db, 'Bea Boss', 'boss@blooms.example', 'admin');
    ella = (await addUser(database.db, 'Ella Driver', 'ella@blooms.example')).id;
    await addUser(database.db, 'Finn Driver', 'Finn@Blooms.example');
    for (const email of ['boss@blooms.example', 'ella@blooms.example', 'Finn@Blooms.example', 'stranger@example.com'])
      tokens[email] = (await signInWithGoogle(email)).idToken;
    for (const zip of AREAS) for (const n of [1, 2]) await addSubscription(database.db, { firstName: `${zip}-${n}`, zip });
    pickup = (await addSubscription(database.db, { firstName: 'Pickup', zip: '84601' })).id;
    await database.db
      .update(subscriptions)
      .set({ status: 'cancelled', statusFrom: '2030-10', vasesOut: 1 })
      .where(eq(subscriptions.id, pickup));
    // One already Ella's, and one that skips November: neither is handed out.
    elsewhere = (await addSubscription(database.db, { firstName: 'Kept', zip: '84102' })).id;
    await database.db.insert(deliveries).values({ subscriptionId: elsewhere, month: NOVEMBER, assigneeId: ella });
    const skipper = await addSubscription(database.db, { firstName: 'Skipper', zip: '84037' });
    await database.db
      .update(subscriptions)
      .set({ skippedMonths: [NOVEMBER] })
      .where(eq(subscriptions.id, skipper.id));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const as = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
  const stops = async (query = '', email = 'boss@blooms.example'): Promise<DayStop[]> => {
    const response = await app.inject({ method: 'GET', url: `/api/day-stops?month=${NOVEMBER}${query}`, headers: as(email) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const preview = async (drivers: string[]) =>
    splitByArea(
      (await stops()).filter((stop) => stop.assignedTo === null),
      drivers,
    ).map(({ driver, subscriptionIds }) => ({
      driver,
      subscriptionIds,
    }));
  const apply = (split: unknown, email = 'boss@blooms.example') =>
    app.inject({ method: 'POST', url: '/api/deliveries/assign-by-area', headers: as(email), payload: { month: NOVEMBER, split } });

  it('lists the month’s stops (a pickup-only stop among them) at their ZIP centres with no geocoding key, and a driver’s own with assignee=me', async () => {
    const all = await stops();
    expect(all).toHaveLength(8);
    expect(all.filter((stop) => stop.pickup).map((stop) => stop.id)).toEqual([pickup]);
    expect(all.every((stop) => !stop.exact)).toBe(true);
    const provo = all.find((stop) => stop.zip === '84601')!;
    expect([provo.latitude, provo.longitude]).toEqual([ZIP_CENTROIDS.get('84601')!.latitude, ZIP_CENTROIDS.get('84601')!.longitude]);
    expect(all.filter((stop) => stop.assignedTo === null)).toHaveLength(7);
    expect((await stops('&assignee=me', 'ella@blooms.example')).map((stop) => stop.id)).toEqual([elsewhere]);
  });

  it('refuses a stale preview and changes nothing', async () => {
    const split = await preview(['ella@blooms.example', 'Finn@Blooms.example']);
    const before = await stops();
    const taken = split[1]!.subscriptionIds[0]!;
    const assigned = await app.inject({
      method: 'POST',
      url: '/api/deliveries/assign',
      headers: as('boss@blooms.example'),
      payload: { month: NOVEMBER, subscriptionIds: [taken], assigneeEmail: 'ella@blooms.example' },
    });
    expect(assigned.statusCode).toBe(200);

    const response = await apply(split);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STALE_SPLIT);
    const after = await stops();
    expect(after.filter((stop) => stop.id !== taken)).toEqual(before.filter((stop) => stop.id !== taken));

    await app.inject({
      method: 'POST',
      url: '/api/deliveries/assign',
      headers: as('boss@blooms.example'),
      payload: { month: NOVEMBER, subscriptionIds: [taken], assigneeEmail: null },
    });
  });

  it('refuses a split that hands out a stop someone already has, a driver who is not staff, and callers who are not staff', async () => {
    const split = await preview(['ella@blooms.example']);
    expect((await apply([{ ...split[0]!, subscriptionIds: [...split[0]!.subscriptionIds, elsewhere] }])).statusCode).toBe(409);
    const stranger = await apply([{ driver: 'stranger@example.com', subscriptionIds: split[0]!.subscriptionIds }]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('There is no staff member with the e-mail stranger@example.com.');
    expect((await apply(split, 'stranger@example.com')).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/api/deliveries/assign-by-area', payload: { month: NOVEMBER, split } });
    expect(anonymous.statusCode).toBe(401);
    expect((await stops()).filter((stop) => stop.assignedTo === null)).toHaveLength(7);
  });

  it('applies a fresh preview in one go: each driver gets their stretch, north to south, the pickup with the rest', async () => {
    const split = await preview(['ella@blooms.example', 'Finn@Blooms.example']);
    const response = await apply(split);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(7);

    const after = await stops();
    expect(after.filter((stop) => stop.assignedTo === null)).toEqual([]);
    const zipsOf = (email: string) =>
      after
        .filter((stop) => stop.assignedTo === email && stop.id !== elsewhere)
        .map((stop) => stop.zip)
        .sort();
    expect(zipsOf('ella@blooms.example')).toEqual(['84037', '84037', '84102', '84102']);
    expect(zipsOf('Finn@Blooms.example')).toEqual(['84601', '84601', '84601']);
    // Each driver's route is then planned from the studio, as for any assignment.
    const ellas = await app.inject({ method: 'GET', url: `/api/my-deliveries?month=${NOVEMBER}`, headers: as('ella@blooms.example') });
    expect(ellas.json()).toHaveLength(5);
    // The pickup is Finn's, and still a pickup: the vase to collect, no flowers.
    const finns = await app.inject({ method: 'GET', url: `/api/my-deliveries?month=${NOVEMBER}`, headers: as('Finn@Blooms.example') });
    const finnsPickup = finns.json().find((row: { id: string }) => row.id === pickup);
    expect(finnsPickup.delivery).toMatchObject({ pickup: true, scheduled: false });
    const [stored] = await database.db.select().from(deliveries).where(eq(deliveries.subscriptionId, pickup));
    expect(stored!.kind).toBe('pickup');

    // Applying the same preview again is stale: those stops are no longer unassigned.
    expect((await apply(split)).statusCode).toBe(409);
  });
});
