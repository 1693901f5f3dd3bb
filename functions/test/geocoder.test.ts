import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { geocodes } from '../src/db/schema';
import { addressKey } from '../src/infrastructure/geocoder';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { signInWithGoogle } from './support/identities';
import { startTestServer, testConfig } from './support/test-server';
import { addSubscription, addUser } from './support/fixtures';

const NOV = '2026-11';

/** A stand-in for Google's Geocoding API: answers from a table of addresses, and counts what it was asked. */
async function startGeocodingStandIn(places: Record<string, { lat: number; lng: number } | 'fail'>) {
  const asked: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    const query = new URL(request.url!, 'http://stand-in').searchParams;
    asked.push(query);
    const place = places[query.get('address')!.toLowerCase()];
    if (place === 'fail') {
      response.writeHead(500).end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(place ? { status: 'OK', results: [{ geometry: { location: place } }] } : { status: 'ZERO_RESULTS', results: [] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`,
    asked,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe.each(DATABASE_KINDS)('route order from geocoded addresses on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(geocodes);
  });

  /** Three stops in one ZIP (one centre): by address they are 1, 2, 3 A St; on the map 2 is nearest the studio, then 3, then 1. */
  async function driverWithThreeStops() {
    const gina = await addUser(database.db, 'Gina Driver', `gina-${Date.now()}@blooms.example`);
    const ids: Record<string, string> = {};
    for (const n of ['1', '2', '3']) {
      const subscription = await addSubscription(database.db, {
        firstName: `Stop${n}`,
        address: `${n} A St`,
        city: 'Salt Lake City',
        zip: '84101',
      });
      ids[n] = subscription.id;
    }
    return { gina, ids };
  }

  async function routeOf(app: FastifyInstance, email: string, ids: Record<string, string>) {
    const admin = await addUser(database.db, 'Ada Admin', `ada-${Date.now()}@blooms.example`, 'admin');
    const adminToken = (await signInWithGoogle(admin.email)).idToken;
    const assigned = await app.inject({
      method: 'POST',
      url: '/api/deliveries/assign',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { month: NOV, subscriptionIds: Object.values(ids), assigneeEmail: email },
    });
    expect(assigned.statusCode).toBe(200);
    const driverToken = (await signInWithGoogle(email)).idToken;
    const list = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/my-deliveries?month=${NOV}`,
        headers: { authorization: `Bearer ${driverToken}` },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { firstName: string }[]).map((row) => row.firstName);
    };
    return list;
  }

  it('orders the stops by where they really are, asking for each address once', async () => {
    const standIn = await startGeocodingStandIn({
      '1 a st, salt lake city, ut 84101': { lat: 40.85, lng: -111.9 },
      '2 a st, salt lake city, ut 84101': { lat: 40.757, lng: -111.9 },
      '3 a st, salt lake city, ut 84101': { lat: 40.8, lng: -111.9 },
    });
    const app = await startTestServer(database, {
      config: testConfig({ GEOCODING_API_KEY: 'server-key', GEOCODING_API_URL: standIn.url, STUDIO_ZIP: '84101' }),
    });
    try {
      const { gina, ids } = await driverWithThreeStops();
      const list = await routeOf(app, gina.email, ids);
      expect(await list()).toEqual(['Stop2', 'Stop3', 'Stop1']);
      expect(standIn.asked).toHaveLength(3);
      expect((await database.db.select().from(geocodes)).map((row) => row.address).sort()).toEqual(
        ['1', '2', '3'].map((n) => addressKey({ id: n, address: `${n} A St`, city: 'Salt Lake City', zip: '84101' })),
      );
      expect(standIn.asked.every((query) => query.get('key') === 'server-key')).toBe(true);
      expect(await list()).toEqual(['Stop2', 'Stop3', 'Stop1']);
      expect(standIn.asked).toHaveLength(3);
    } finally {
      await app.close();
      await standIn.close();
    }
  });

  it('falls back to the ZIP centre for an address it cannot place, and keeps nothing for it', async () => {
    const standIn = await startGeocodingStandIn({
      '1 a st, salt lake city, ut 84101': 'fail',
      '2 a st, salt lake city, ut 84101': { lat: 35.0, lng: -100.0 }, // outside Utah: a wrong match
      // 3 A St: ZERO_RESULTS
    });
    const lines: string[] = [];
    const app = await startTestServer(database, {
      config: testConfig({ GEOCODING_API_KEY: 'server-key', GEOCODING_API_URL: standIn.url, STUDIO_ZIP: '84101' }),
      logTo: { write: (line) => lines.push(line) },
    });
    try {
      const { gina, ids } = await driverWithThreeStops();
      const list = await routeOf(app, gina.email, ids);
      // All three at the ZIP's centre: ordered by address.
      expect(await list()).toEqual(['Stop1', 'Stop2', 'Stop3']);
      expect(await database.db.select().from(geocodes)).toEqual([]);
      expect(lines.join('\n')).toMatch(/geocoding failed/);
      expect(lines.join('\n')).toMatch(/outside Utah/);
      expect(lines.join('\n')).toMatch(/found no place/);
      expect(lines.join('\n')).not.toContain('server-key');
    } finally {
      await app.close();
      await standIn.close();
    }
  });
});
