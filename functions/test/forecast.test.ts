import type { FastifyInstance } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { ALL_MONTH_NUMBERS } from '@blooms/shared/contract/months';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';

import { FORECAST_CSV_COLUMNS, type ForecastDay } from '@blooms/shared/contract/forecast';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveries, subscriptions } from '../src/db/schema';
import { cancelSubscription } from '../src/services/account/changes';
import { pauseDeliveries, skipMonth } from '../src/services/account/skip-and-pause';
import { applyProviderEvent } from '../src/services/provider-events';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, addUser, multipart, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';
import { subscribeThroughTestCheckout } from './support/checkout';

const SITE = { ...DEFAULT_SITE_CONTACT, accountUrl: 'https://blooms.example/account' };
/** Noon in the studio on that day. */
// October 2030's delivery day (the 10th) has passed: the forecast starts with November the 14th.
const FORECAST_MADE = noonOn('2030-10-20');

describe.each(DATABASE_KINDS)('the forecast, then the deliveries as they turn out, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let now = FORECAST_MADE;
  const tokens = { boss: '', ella: '' };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { clock: () => now });
    await addUser(database.db, 'Bea Boss', 'boss@blooms.example', 'admin');
    await addUser(database.db, 'Ella Driver', 'ella@blooms.example');
    tokens.boss = (await signInWithGoogle('boss@blooms.example')).idToken;
    tokens.ella = (await signInWithGoogle('ella@blooms.example')).idToken;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const call = async (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, payload });
    expect(response.statusCode).toBe(200);
    return response;
  };

  /** Subscribers who have had October's delivery, with their vase out. */
  async function regular(firstName: string) {
    const row = await addSubscription(database.db, {
      firstName,
      email: `${firstName.toLowerCase()}@example.com`,
      months: [...ALL_MONTH_NUMBERS],
    });
    await database.db.insert(deliveries).values({ subscriptionId: row.id, month: '2030-10', status: 'delivered' });
    await database.db.update(subscriptions).set({ vasesOut: 1 }).where(eq(subscriptions.id, row.id));
    return row;
  }

  /** Everyone's stops that day, assigned to Ella, who makes each one: out for delivery, then delivered by hand (a pickup: the vase collected). */
  async function makeTheDay(month: string, stops: SubscriptionRow[]) {
    if (stops.length === 0) return;
    await call('boss', 'POST', '/api/deliveries/assign', {
      month,
      subscriptionIds: stops.map((s) => s.id),
      assigneeEmail: 'ella@blooms.example',
    });
    for (const stop of stops) {
      await call('ella', 'POST', '/api/deliveries/status', { subscriptionId: stop.id, month, expectedStatus: 'not-started' });
      const proof = multipart({ subscriptionId: stop.id, month, method: 'hand' });
      const made = await app.inject({
        method: 'POST',
        url: '/api/deliveries/proof',
        headers: { authorization: `Bearer ${tokens.ella}`, ...proof.headers },
        payload: proof.payload,
      });
      expect(made.json()).toMatchObject({ status: 'delivered', pickup: stop.delivery.pickup });
    }
  }

  /** Whether the subscription had a delivery before the month, as the deliveries table recorded it. */
  async function deliveredBefore(subscriptionId: string, month: string) {
    const earlier = await database.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.subscriptionId, subscriptionId),
          eq(deliveries.kind, 'delivery'),
          eq(deliveries.status, 'delivered'),
          lt(deliveries.month, month),
        ),
      );
    return earlier.length > 0;
  }

  it('each day’s stops, skips, pauses, holds and vases are what the forecast said', async () => {
    const [ana, ben, cy, dee, eve] = [
      await regular('Ana'),
      await regular('Ben'),
      await regular('Cy'),
      await regular('Dee'),
      await regular('Eve'),
    ];
    const fay = await regular('Fay');
    const ctx = { db: database.db, site: SITE, now };
    await skipMonth(ctx, ben.email, ben.id, '2030-12');
    await pauseDeliveries(ctx, cy.email, cy.id, '2031-01', 2);
    await cancelSubscription(ctx, dee.email, dee.id);
    await applyProviderEvent(
      database.db,
      {
        id: 'declined-eve',
        type: 'payment_intent.payment_failed',
        createdAt: now,
        subscriptionId: eve.id,
        change: { kind: 'payment-failed', month: '2030-11' },
      },
      SITE,
    );
    // A gift that runs until December (its last vase comes back in January).
    await database.db.update(subscriptions).set({ endsAfter: '2030-12' }).where(eq(subscriptions.id, fay.id));
    // New subscribers: one for every month (first delivery November), one for December and January only.
    await subscribeThroughTestCheckout(app, database.db, 'gus@example.com', [...ALL_MONTH_NUMBERS]);
    await subscribeThroughTestCheckout(app, database.db, 'hal@example.com', [12, 1]);
    void ana;

    const forecast = (await call('boss', 'GET', '/api/forecast')).json() as { vasesOut: number; days: ForecastDay[] };
    expect(forecast.vasesOut).toBe(6);
    expect(forecast.days).toHaveLength(13);
    expect(forecast.days.map((day) => day.date).slice(0, 3)).toEqual(['2030-11-14', '2030-12-12', '2031-01-09']);
    // A few figures by hand: November delivers Ana, Ben, Cy, Fay and Gus (Gus's first), holds Eve, and collects Dee's vase.
    expect(forecast.days[0]).toMatchObject({ arrangements: 5, firstDeliveries: 1, held: 1, swaps: 4, pickups: 1, vasesToCollect: 5 });
    expect(forecast.days[1]).toMatchObject({ arrangements: 5, firstDeliveries: 1, skips: 1 });
    expect(forecast.days[2]).toMatchObject({ pauses: 1, pickups: 1 });

    const csv = await call('boss', 'GET', '/api/forecast.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(FORECAST_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe('2030-11-14,5,1,0,0,1,5,4,1,0');
    expect(lines).toHaveLength(14);

    // Then time passes: on each delivery day, the day's list is what there is to do, and Ella does it,
    // all but Dee's vase in November: nobody was home, and the pickup carries to December.
    const turnedOut: ForecastDay[] = [];
    for (const { month, date } of forecast.days) {
      now = noonOn(date);
      const rows = ((await call('boss', 'GET', `/api/subscriptions?month=${month}&limit=500`)).json() as { rows: SubscriptionRow[] }).rows;
      const deliveriesToMake = rows.filter((row) => row.delivery.scheduled);
      const pickups = rows.filter((row) => row.delivery.pickup);
      const firsts = [];
      for (const row of deliveriesToMake) if (!(await deliveredBefore(row.id, month))) firsts.push(row);
      const stopped = (status: string) => rows.filter((row) => row.delivery.state === 'stopped' && row.lifecycle.status === status).length;
      const swaps = deliveriesToMake.filter((row) => row.vasesOut > 0).length;
      const day: ForecastDay = {
        month,
        date,
        arrangements: deliveriesToMake.length,
        firstDeliveries: firsts.length,
        skips: rows.filter((row) => row.delivery.state === 'skipped').length,
        pauses: rows.filter((row) => row.delivery.state === 'paused').length + stopped('paused'),
        held: stopped('past-due'),
        swaps,
        pickups: pickups.length,
        vasesToCollect: swaps + pickups.length,
        couldNotDeliver: rows.filter((row) => row.delivery.failedAttempt && row.delivery.status !== 'delivered').length,
      };
      turnedOut.push(day);
      // The forecast made that morning opens on the day as it is.
      expect(((await call('boss', 'GET', '/api/forecast')).json() as { days: ForecastDay[] }).days[0]).toEqual(day);
      const missed = month === '2030-11' ? [dee.id] : [];
      const stops = [...deliveriesToMake, ...pickups];
      await makeTheDay(
        month,
        stops.filter((row) => !missed.includes(row.id)),
      );
      // The day summary counted the same stops, pickups included, and all but the missed one are done.
      const summary = (await call('boss', 'GET', `/api/day-summary?month=${month}`)).json();
      expect(summary).toMatchObject({ date, stops: stops.length, pickups: pickups.length, delivered: stops.length - missed.length });
    }
    // As forecast, but for Dee's vase: not collected in November, it is December's to collect.
    expect(turnedOut.map((day) => [day.month, day.pickups])).toContainEqual(['2030-12', 1]);
    expect(turnedOut).toEqual(
      forecast.days.map((day) =>
        day.month === '2030-12' ? { ...day, pickups: day.pickups + 1, vasesToCollect: day.vasesToCollect + 1 } : day,
      ),
    );

    // Every vase that went out came back where a subscription ended; the others are still out.
    const vases = await database.db.select({ email: subscriptions.email, vasesOut: subscriptions.vasesOut }).from(subscriptions);
    const out = Object.fromEntries(vases.map((row) => [row.email, row.vasesOut]));
    expect(out).toMatchObject({
      'dee@example.com': 0,
      'fay@example.com': 0,
      'ana@example.com': 1,
      'gus@example.com': 1,
      'hal@example.com': 1,
    });
  });
});
