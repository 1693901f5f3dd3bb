import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ALL_MONTH_NUMBERS } from '@blooms/shared/contract/months';

import { deliveries, subscriptions } from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';
import { subscribeThroughTestCheckout } from './support/checkout';

// November 2030's delivery day is Thursday the 14th, December's the 12th.
const NOVEMBER = '2030-11';
const DECEMBER = '2030-12';
/** The start month once November's day is done: December, with how November ended. */
const showingDecember = (ended: { delivered: number; notDelivered: number }) => ({
  month: DECEMBER,
  date: '2030-12-12',
  passedOver: { month: NOVEMBER, date: '2030-11-14', ...ended },
});
/** Noon in the studio on that day. */

describe.each(DATABASE_KINDS)('where staff screens start, and the day summary, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token = '';
  let now = noonOn('2030-11-10');
  const ids: string[] = [];
  let ella = '';
  /** Cancelled before November with its vase still out: a pickup-only stop in November. */
  let fin = '';

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { clock: () => now });
    await addUser(database.db, 'Bea Boss', 'boss@blooms.example', 'admin');
    ella = (await addUser(database.db, 'Ella Driver', 'ella@blooms.example')).id;
    token = (await signInWithGoogle('boss@blooms.example')).idToken;
    // Three stops in November, all Ella's: one delivered, one out, one not started; a fourth skips it.
    for (const name of ['Ana', 'Ben', 'Cy', 'Dee'])
      ids.push((await addSubscription(database.db, { firstName: name, months: [...ALL_MONTH_NUMBERS] })).id);
    await database.db
      .update(subscriptions)
      .set({ skippedMonths: [NOVEMBER] })
      .where(eq(subscriptions.id, ids[3]!));
    await database.db.insert(deliveries).values([
      { subscriptionId: ids[0]!, month: NOVEMBER, status: 'delivered', assigneeId: ella },
      { subscriptionId: ids[1]!, month: NOVEMBER, status: 'out-for-delivery', assigneeId: ella },
      { subscriptionId: ids[2]!, month: NOVEMBER, status: 'not-started', assigneeId: ella },
    ]);
    fin = (await addSubscription(database.db, { firstName: 'Fin', months: [...ALL_MONTH_NUMBERS] })).id;
    await database.db
      .update(subscriptions)
      .set({ status: 'cancelled', statusFrom: '2030-10', vasesOut: 1 })
      .where(eq(subscriptions.id, fin));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('counts the month’s stops (a pickup-only stop among them) by where they stand, and each driver’s done of assigned', async () => {
    now = noonOn('2030-11-10');
    expect(await get(`/api/day-summary?month=${NOVEMBER}`)).toEqual({
      month: NOVEMBER,
      date: '2030-11-14',
      stops: 4,
      pickups: 1,
      unassigned: 1,
      autoAssigned: 0,
      assigned: 1,
      out: 1,
      delivered: 1,
      notDelivered: 0,
      couldNotDeliver: 0,
      dayPassed: false,
      drivers: [{ email: 'ella@blooms.example', name: 'Ella Driver', done: 1, assigned: 3 }],
    });
    expect((await app.inject({ method: 'GET', url: `/api/day-summary?month=${NOVEMBER}` })).statusCode).toBe(401);
  });

  it('calls a stop not delivered only once its day has passed in the studio, by the server’s clock, as the owner’s figures do', async () => {
    const notDelivered = async () => {
      const summary = await get(`/api/day-summary?month=${NOVEMBER}`);
      // The figures are kept: a new studio day is answered from the kept ones while they are read again.
      let figures = await get(`/api/business-figures?from=${NOVEMBER}&to=${NOVEMBER}`);
      while (figures.refreshing) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        figures = await get(`/api/business-figures?from=${NOVEMBER}&to=${NOVEMBER}`);
      }
      expect(figures.deliveries[0].notDelivered).toBe(summary.notDelivered);
      return [summary.dayPassed, summary.notDelivered];
    };
    now = noonOn('2030-11-09');
    expect(await notDelivered()).toEqual([false, 0]);
    // The last minute of the day in Denver is still the day (06:59 UTC the next morning).
    now = new Date('2030-11-15T06:59:00Z');
    expect(await notDelivered()).toEqual([false, 0]);
    now = new Date('2030-11-15T07:00:00Z');
    expect(await notDelivered()).toEqual([true, 3]);
    now = noonOn('2030-12-20');
    expect(await notDelivered()).toEqual([true, 3]);
    // The other figures do not move with the clock.
    expect(await get(`/api/day-summary?month=${NOVEMBER}`)).toMatchObject({ unassigned: 1, assigned: 1, out: 1, delivered: 1 });
  });

  it('opens on this month up to and on its delivery day, and on the next once the day has passed', async () => {
    now = noonOn('2030-11-10');
    expect(await get('/api/start-month')).toEqual({ month: NOVEMBER, date: '2030-11-14', passedOver: null });
    now = noonOn('2030-11-14');
    expect(await get('/api/start-month')).toEqual({ month: NOVEMBER, date: '2030-11-14', passedOver: null });
    now = noonOn('2030-11-15');
    expect(await get('/api/start-month')).toEqual(showingDecember({ delivered: 1, notDelivered: 3 }));
  });

  it('opens My Deliveries in one request: the start month and the caller’s stops in it', async () => {
    const ellaToken = (await signInWithGoogle('ella@blooms.example')).idToken;
    const opening = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/my-deliveries/start',
        headers: { authorization: `Bearer ${ellaToken}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        start: unknown;
        rows: { firstName: string; delivery: { status: string; autoAssigned?: string | null } | null }[];
      };
    };
    now = noonOn('2030-11-10');
    const november = await opening();
    expect(november.start).toEqual({ month: NOVEMBER, date: '2030-11-14', passedOver: null });
    // Ella's three stops only: Fin is nobody's, the boss has none.
    expect(november.rows.map((row) => [row.firstName, row.delivery?.status]).sort()).toEqual([
      ['Ana', 'delivered'],
      ['Ben', 'out-for-delivery'],
      ['Cy', 'not-started'],
    ]);
    // Once November's day has passed it opens on December, where her November stops start as hers again, marked.
    now = noonOn('2030-11-15');
    const december = await opening();
    expect(december.start).toEqual(showingDecember({ delivered: 1, notDelivered: 3 }));
    expect(december.rows.map((row) => [row.firstName, row.delivery?.status, row.delivery?.autoAssigned]).sort()).toEqual([
      ['Ana', 'not-started', 'last-month'],
      ['Ben', 'not-started', 'last-month'],
      ['Cy', 'not-started', 'last-month'],
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/my-deliveries/start' })).statusCode).toBe(401);
  });

  it('each figure’s filter lists its stops: every stop, or the pickups only', async () => {
    const names = async (query: string) =>
      (await get(`/api/subscriptions?month=${NOVEMBER}&${query}`)).rows.map((row: { firstName: string }) => row.firstName).sort();
    expect(await names('scheduled=stop')).toEqual(['Ana', 'Ben', 'Cy', 'Fin']);
    expect(await names('scheduled=pickup')).toEqual(['Fin']);
    expect(await names('scheduled=yes')).toEqual(['Ana', 'Ben', 'Cy']);
    expect(await names('scheduled=stop&assignee=unassigned&status=not-started')).toEqual(['Fin']);
    expect(await names('scheduled=stop&assignee=assigned&status=not-started')).toEqual(['Cy']);
  });

  it('moves on on the day itself once every stop is made, the vase to collect included', async () => {
    now = noonOn('2030-11-14');
    await database.db
      .update(deliveries)
      .set({ status: 'delivered' })
      .where(and(eq(deliveries.subscriptionId, ids[1]!), eq(deliveries.month, NOVEMBER)));
    await database.db
      .update(deliveries)
      .set({ status: 'delivered' })
      .where(and(eq(deliveries.subscriptionId, ids[2]!), eq(deliveries.month, NOVEMBER)));
    expect(await get('/api/start-month')).toEqual({ month: NOVEMBER, date: '2030-11-14', passedOver: null });
    await database.db.insert(deliveries).values({ subscriptionId: fin, month: NOVEMBER, kind: 'pickup', status: 'delivered' });
    await database.db.update(subscriptions).set({ vasesOut: 0 }).where(eq(subscriptions.id, fin));
    expect(await get('/api/start-month')).toEqual(showingDecember({ delivered: 4, notDelivered: 0 }));
    // Collected, the stop stays November's pickup; December has none (its four stops are Ana, Ben, Cy and Dee).
    expect(await get(`/api/day-summary?month=${NOVEMBER}`)).toMatchObject({ stops: 4, pickups: 1, delivered: 4 });
    expect(await get(`/api/day-summary?month=${DECEMBER}`)).toMatchObject({ stops: 4, pickups: 0 });
  });

  it('a subscription taken out after the month’s day first delivers the next month, and says so', async () => {
    now = noonOn('2030-11-20');
    const late = await subscribeThroughTestCheckout(app, database.db, 'late@example.com', [...ALL_MONTH_NUMBERS]);
    expect(late.firstDelivery).toBe('2030-12-12');
    const novemberRow = (await get(`/api/subscriptions?month=${NOVEMBER}&q=late@example.com`)).rows[0];
    expect(novemberRow.delivery).toMatchObject({ scheduled: false, state: 'before-first', firstDelivery: '2030-12-12' });
    const decemberRow = (await get(`/api/subscriptions?month=${DECEMBER}&q=late@example.com`)).rows[0];
    expect(decemberRow.delivery).toMatchObject({ scheduled: true, state: 'delivering', firstDelivery: null });
    // The filter and the summary follow the same rule.
    const notDelivering = await get(`/api/subscriptions?month=${NOVEMBER}&scheduled=no`);
    expect(notDelivering.rows.map((row: { email: string }) => row.email)).toContain('late@example.com');
    expect((await get(`/api/day-summary?month=${NOVEMBER}`)).stops).toBe(4);
    expect((await get(`/api/day-summary?month=${DECEMBER}`)).stops).toBe(5);
  });

  it('an admin moving the first month’s day moves the first delivery with it', async () => {
    now = noonOn('2030-11-20');
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/delivery-dates/${DECEMBER}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { date: '2030-12-17' },
    });
    expect(moved.statusCode).toBe(200);
    const [late] = await database.db.select().from(subscriptions).where(eq(subscriptions.email, 'late@example.com'));
    expect(late!.firstDelivery).toBe('2030-12-17');
    const row = (await get(`/api/subscriptions?month=${NOVEMBER}&q=late@example.com`)).rows[0];
    expect(row.delivery.firstDelivery).toBe('2030-12-17');
  });

  it('filters the stops not delivered yet', async () => {
    const page = await get(`/api/subscriptions?month=${DECEMBER}&scheduled=yes&status=not-delivered`);
    expect(page.total).toBe(5);
  });
});
