import { ZIP_CENTROIDS } from '@blooms/shared/contract/zip-centroids';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Stop {
  id: string;
  zip: string;
  address: string;
}

/** Kilometres between two points on the Earth (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Where a ZIP code is: its centre; null outside the delivery area's list. */
export function pointOfZip(zip: string): Point | null {
  return ZIP_CENTROIDS.get(zip) ?? null;
}

/**
 * An order for the stops starting from the studio: nearest neighbour first, then 2-opt
 * (reverse any stretch that makes the path shorter) until nothing improves. Positions are
 * the geocoded ones in `located` (with a geocoding key), else ZIP centres, so it works
 * offline and with no key; stops in one ZIP centre stay together, ordered by address. A stop
 * whose ZIP is unknown counts as being at the studio.
 */
export function planRoute(studio: Point, stops: Stop[], located: ReadonlyMap<string, Point> = new Map()): string[] {
  const sorted = [...stops].sort((a, b) => a.zip.localeCompare(b.zip) || a.address.localeCompare(b.address) || a.id.localeCompare(b.id));
  const points = sorted.map((stop) => located.get(stop.id) ?? pointOfZip(stop.zip) ?? studio);

  // Nearest neighbour from the studio.
  const order: number[] = [];
  const left = new Set(sorted.map((_, i) => i));
  let here = studio;
  while (left.size > 0) {
    let best = -1;
    let bestKm = Infinity;
    for (const i of left) {
      const km = distanceKm(here, points[i]!);
      if (km < bestKm - 1e-9) [best, bestKm] = [i, km];
    }
    order.push(best);
    left.delete(best);
    here = points[best]!;
  }

  // 2-opt on the open path studio -> stops (the driver need not come back).
  const at = (k: number) => (k < 0 ? studio : points[order[k]!]!);
  for (let improved = true; improved;) {
    improved = false;
    for (let i = 0; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const before = distanceKm(at(i - 1), at(i)) + (j + 1 < order.length ? distanceKm(at(j), at(j + 1)) : 0);
        const after = distanceKm(at(i - 1), at(j)) + (j + 1 < order.length ? distanceKm(at(i), at(j + 1)) : 0);
        if (after < before - 1e-9) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return order.map((i) => sorted[i]!.id);
}
