import type { FastifyInstance } from 'fastify';
import { DELIVERY_DATE_MESSAGES } from '@blooms/shared/contract/messages';
import { deliveryDates, users } from '../src/db/schema';
import { deliveryDateOf } from '../src/read-models/delivery-dates';
import { setDeliveryDate } from '../src/services/delivery-dates';
import { InvalidInputError } from '../src/domain/errors';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

describe.each(DATABASE_KINDS)('delivery dates on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<'admin' | 'employee', string> = { admin: '', employee: '' };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database);
    tokens.admin = (await signInWithGoogle('boss@blooms.example')).idToken;
    tokens.employee = (await signInWithGoogle('eli@blooms.example')).idToken;
    await database.db.insert(users).values([
      { name: 'Bea Boss', email: 'boss@blooms.example', role: 'admin' },
      { name: 'Eli Employee', email: 'eli@blooms.example', role: 'employee' },
    ]);
  });
  beforeEach(async () => {
    await database.db.delete(deliveryDates);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const call = (caller: keyof typeof tokens | 'visitor', method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: caller === 'visitor' ? {} : { authorization: `Bearer ${tokens[caller]}` },
      ...(payload ? { payload } : {}),
    });
  const stored = () =>
    database.db.select({ month: deliveryDates.month, date: deliveryDates.date, setBy: deliveryDates.setBy }).from(deliveryDates);

  it('gives every staff member each month’s day by the usual rule, with the last day for changes', async () => {
    const response = await call('employee', 'GET', '/api/delivery-dates?from=2030-11&to=2031-01');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { month: '2030-11', date: '2030-11-14', isDefault: true, lastDayForChanges: '2030-11-07' },
      { month: '2030-12', date: '2030-12-12', isDefault: true, lastDayForChanges: '2030-12-05' },
      { month: '2031-01', date: '2031-01-09', isDefault: true, lastDayForChanges: '2031-01-02' },
    ]);
    expect((await call('visitor', 'GET', '/api/delivery-dates?from=2030-11&to=2030-11')).statusCode).toBe(401);
  });

  it.each([
    ['from=2030-12&to=2030-11', 'from must not be after to.'],
    ['from=2030-01&to=2032-01', 'Ask for at most 24 months at once.'],
    ['from=2030-1&to=2030-02', 'month must be a month as YYYY-MM, from 2000-01 to 2199-12.'],
  ])('refuses the range %s', async (query, message) => {
    const response = await call('employee', 'GET', `/api/delivery-dates?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('lets an admin move a month’s day, records who did, and put it back on the usual day', async () => {
    const moved = await call('admin', 'PUT', '/api/delivery-dates/2030-12', { date: '2030-12-17' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ month: '2030-12', date: '2030-12-17', isDefault: false, lastDayForChanges: '2030-12-10' });
    expect(await stored()).toEqual([{ month: '2030-12', date: '2030-12-17', setBy: 'boss@blooms.example' }]);
    expect((await call('employee', 'GET', '/api/delivery-dates?from=2030-12&to=2030-12')).json()[0].date).toBe('2030-12-17');

    const again = await call('admin', 'PUT', '/api/delivery-dates/2030-12', { date: '2030-12-17' });
    expect(again.json().date).toBe('2030-12-17');
    const reset = await call('admin', 'PUT', '/api/delivery-dates/2030-12', { date: null });
    expect(reset.json()).toEqual({ month: '2030-12', date: '2030-12-12', isDefault: true, lastDayForChanges: '2030-12-05' });
    expect(await stored()).toEqual([]);
  });

  it('keeps to the years the API takes: the far edges are refused, the last month read whole', async () => {
    for (const month of ['9999-12', '0000-01', '1999-12', '2200-01']) {
      const moved = await call('admin', 'PUT', `/api/delivery-dates/${month}`, { date: `${month}-15` });
      expect({ month, status: moved.statusCode, message: moved.json().message }).toEqual({
        month,
        status: 400,
        message: 'month must be a month as YYYY-MM, from 2000-01 to 2199-12.',
      });
      const read = await call('employee', 'GET', `/api/delivery-dates?from=${month}&to=${month}`);
      expect({ month, status: read.statusCode }).toEqual({ month, status: 400 });
      expect((await call('employee', 'GET', `/api/subscriptions?month=${month}`)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual([]);
    const last = await call('employee', 'GET', '/api/delivery-dates?from=2199-11&to=2199-12');
    expect(last.statusCode).toBe(200);
    expect(last.json().map((day: { date: string }) => day.date)).toEqual(['2199-11-14', '2199-12-12']);
    const moved = await call('admin', 'PUT', '/api/delivery-dates/2199-12', { date: '2199-12-31' });
    expect(moved.json()).toEqual({ month: '2199-12', date: '2199-12-31', isDefault: false, lastDayForChanges: '2199-12-24' });
    expect((await call('employee', 'GET', '/api/delivery-dates?from=2199-12&to=2199-12')).json()[0].date).toBe('2199-12-31');
    expect((await call('admin', 'PUT', '/api/delivery-dates/2199-12', { date: '0000-12-31' })).statusCode).toBe(400);
  });

  it('refuses an employee, changing nothing', async () => {
    const response = await call('employee', 'PUT', '/api/delivery-dates/2030-12', { date: '2030-12-17' });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it.each([
    [{ date: '2031-01-05' }, DELIVERY_DATE_MESSAGES.outsideMonth('December 2030')],
    [{ date: '2030-12-32' }, DELIVERY_DATE_MESSAGES.notADate],
    [{ date: '12/17/2030' }, DELIVERY_DATE_MESSAGES.notADate],
    [{}, DELIVERY_DATE_MESSAGES.notADate],
  ])('refuses %j with a message, changing nothing', async (body, message) => {
    const response = await call('admin', 'PUT', '/api/delivery-dates/2030-12', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await stored()).toEqual([]);
  });

  it('refuses a month whose deliveries have gone out', async () => {
    const response = await call('admin', 'PUT', '/api/delivery-dates/2020-01', { date: '2020-01-20' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DELIVERY_DATE_MESSAGES.monthDone('January 2020', 'Thursday, January 9'));
    expect(await stored()).toEqual([]);
  });

  it('tells anyone, signed in or not, the delivery days still to come in the next year, moved days included', async () => {
    let now = new Date('2030-12-11T17:00:00Z'); // 10 am in Denver, the day before December's delivery
    const site = await startTestServer(database, { clock: () => now });
    try {
      await setDeliveryDate(database.db, '2031-02', '2031-02-10', 'boss@blooms.example', now);
      const response = await site.inject({ method: 'GET', url: '/api/upcoming-deliveries' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const days = response.json() as { month: string; date: string }[];
      expect(days.map((day) => day.month)).toEqual([
        '2030-12',
        '2031-01',
        '2031-02',
        '2031-03',
        '2031-04',
        '2031-05',
        '2031-06',
        '2031-07',
        '2031-08',
        '2031-09',
        '2031-10',
        '2031-11',
        '2031-12',
      ]);
      expect(days.slice(0, 3)).toEqual([
        { month: '2030-12', date: '2030-12-12' },
        { month: '2031-01', date: '2031-01-09' },
        { month: '2031-02', date: '2031-02-10' },
      ]);

      // On the delivery day itself, that month's delivery is no longer to come.
      now = new Date('2030-12-12T17:00:00Z');
      const nextDay = (await site.inject({ method: 'GET', url: '/api/upcoming-deliveries' })).json() as { month: string }[];
      expect(nextDay[0]!.month).toBe('2031-01');
    } finally {
      await site.close();
    }
  });

  it('judges "past" by the studio’s calendar in Denver, not the server’s', async () => {
    // 8 pm on 4 December in Denver is already 5 December in UTC.
    const evening = new Date('2030-12-05T03:00:00Z');
    await expect(setDeliveryDate(database.db, '2030-12', '2030-12-04', 'boss@blooms.example', evening)).resolves.toMatchObject({
      date: '2030-12-04',
    });
    // The next morning the 4th has passed.
    const nextMorning = new Date('2030-12-05T15:00:00Z');
    await expect(setDeliveryDate(database.db, '2030-12', '2030-12-06', 'boss@blooms.example', nextMorning)).rejects.toThrow(
      new InvalidInputError(DELIVERY_DATE_MESSAGES.monthDone('December 2030', 'Wednesday, December 4')),
    );
    await setDeliveryDate(database.db, '2030-12', null, 'boss@blooms.example', evening);
    await expect(setDeliveryDate(database.db, '2030-12', '2030-12-03', 'boss@blooms.example', nextMorning)).rejects.toThrow(
      new InvalidInputError(DELIVERY_DATE_MESSAGES.inThePast('Tuesday, December 3')),
    );
    expect((await deliveryDateOf(database.db, '2030-12')).isDefault).toBe(true);
  });
});
