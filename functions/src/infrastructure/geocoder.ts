import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { geocodes } from '../db/schema';
import type { Point } from '../domain/route-order';
import type { GeocodingSettings } from '../config';

export interface Locatable {
  id: string;
  address: string;
  city: string;
  zip: string;
}

/** Finds where delivery addresses are; what it cannot find is left out (the caller falls back to the ZIP's centre). */
export type Geocoder = (stops: Locatable[]) => Promise<Map<string, Point>>;

const LOOKUP_TIMEOUT_MS = 3000;
const AT_ONCE = 4;
// Utah, with a margin: an answer outside it is a wrong match, not a place to drive to.
const UTAH = { south: 36.5, north: 42.5, west: -114.5, east: -108.5 };

/** The address as asked and as kept: one spelling per place, whatever the spacing or case. */
export const addressKey = (stop: Locatable) => `${stop.address}, ${stop.city}, UT ${stop.zip}`.replace(/\s+/g, ' ').trim().toLowerCase();

interface GeocodeReply {
  status?: string;
  results?: { geometry?: { location?: { lat?: number; lng?: number } } }[];
}

/**
 * Real positions for route order, with a Google Geocoding key: each address is asked once
 * and kept in the `geocodes` table. A lookup that fails (no answer, a refusal, a timeout) is
 * logged and leaves that stop to its ZIP's centre, so a route is always planned.
 */
export function createGeocoder(db: Db, settings: GeocodingSettings, log: (message: string) => void = console.warn): Geocoder {
  async function lookUp(address: string): Promise<Point | null> {
    const url = new URL(settings.url);
    url.searchParams.set('address', address);
    url.searchParams.set('region', 'us');
    url.searchParams.set('key', settings.apiKey);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
      const reply = (await response.json()) as GeocodeReply;
      const location = reply.results?.[0]?.geometry?.location;
      if (reply.status !== 'OK' || typeof location?.lat !== 'number' || typeof location.lng !== 'number') {
        log(`geocoding found no place for a delivery address (status ${reply.status ?? response.status}); its ZIP's centre is used`);
        return null;
      }
      const inUtah = location.lat > UTAH.south && location.lat < UTAH.north && location.lng > UTAH.west && location.lng < UTAH.east;
      if (!inUtah) {
        log("geocoding placed a delivery address outside Utah; its ZIP's centre is used");
        return null;
      }
      return { latitude: location.lat, longitude: location.lng };
    } catch (error) {
      log(`geocoding failed (${(error as Error).name}); the ZIP's centre is used`);
      return null;
    }
  }

  return async (stops) => {
    const keys = new Map(stops.map((stop) => [stop.id, addressKey(stop)]));
    const wanted = [...new Set(keys.values())];
    const known = new Map<string, Point>();
    if (wanted.length > 0) {
      for (const row of await db.select().from(geocodes).where(inArray(geocodes.address, wanted))) known.set(row.address, row);
    }
    const missing = wanted.filter((address) => !known.has(address));
    for (let i = 0; i < missing.length; i += AT_ONCE) {
      const batch = missing.slice(i, i + AT_ONCE);
      const found = await Promise.all(batch.map(async (address) => [address, await lookUp(address)] as const));
      const located = found.filter((entry): entry is readonly [string, Point] => entry[1] !== null);
      for (const [address, point] of located) known.set(address, point);
      if (located.length > 0) {
        await db
          .insert(geocodes)
          .values(located.map(([address, point]) => ({ address, latitude: point.latitude, longitude: point.longitude })))
          .onConflictDoNothing();
      }
    }
    const points = new Map<string, Point>();
    for (const [id, address] of keys) {
      const point = known.get(address);
      if (point) points.set(id, { latitude: point.latitude, longitude: point.longitude });
    }
    return points;
  };
}
