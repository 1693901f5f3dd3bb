import { ZIP_CENTROIDS } from '@blooms/shared/contract/zip-centroids';
import { DELIVERY_ZIPS } from '@blooms/shared/contract/delivery-area';
import { distanceKm, planRoute, pointOfZip, type Point, type Stop } from '../src/domain/route-order';

const STUDIO = pointOfZip('84101')!; // downtown Salt Lake City
const stop = (id: string, zip: string, address = `${id} Main St`): Stop => ({ id, zip, address });

function lengthKm(start: Point, ids: string[], stops: Stop[]): number {
  const points = ids.map((id) => pointOfZip(stops.find((s) => s.id === id)!.zip)!);
  return points.reduce((sum, point, i) => sum + distanceKm(i === 0 ? start : points[i - 1]!, point), 0);
}

describe('ordering a driver’s stops', () => {
  it('knows the centre of every delivery-area ZIP code', () => {
    expect(DELIVERY_ZIPS.filter((zip) => !ZIP_CENTROIDS.has(zip))).toEqual([]);
    // Salt Lake City to Provo is about 65 km.
    expect(distanceKm(pointOfZip('84101')!, pointOfZip('84601')!)).toBeGreaterThan(55);
    expect(distanceKm(pointOfZip('84101')!, pointOfZip('84601')!)).toBeLessThan(75);
  });

  it('goes out along the valley instead of zig-zagging: Salt Lake, then Sandy, Lehi, Orem, Provo', () => {
    const stops = [stop('provo', '84601'), stop('slc', '84111'), stop('lehi', '84043'), stop('sandy', '84070'), stop('orem', '84057')];
    expect(planRoute(STUDIO, stops)).toEqual(['slc', 'sandy', 'lehi', 'orem', 'provo']);
  });

  it('keeps stops in one ZIP together, by address, and is never longer than the order given', () => {
    const stops = [
      stop('b', '84111', '20 S State'),
      stop('x', '84010'),
      stop('a', '84111', '10 S State'),
      stop('y', '84047'),
      stop('z', '84025'),
    ];
    const route = planRoute(STUDIO, stops);
    expect(route.indexOf('b') - route.indexOf('a')).toBe(1);
    expect(lengthKm(STUDIO, route, stops)).toBeLessThanOrEqual(
      lengthKm(
        STUDIO,
        stops.map((s) => s.id),
        stops,
      ),
    );
  });

  it('comes within 10% of the shortest path (every order of 8 stops tried)', () => {
    const stops = ['84044', '84020', '84106', '84092', '84004', '84010', '84037', '84062'].map((zip) => stop(zip, zip));
    const route = planRoute(STUDIO, stops);
    // Brute force over every order of 8 stops.
    let best = Infinity;
    const permute = (rest: string[], done: string[]) => {
      if (rest.length === 0) best = Math.min(best, lengthKm(STUDIO, done, stops));
      rest.forEach((id, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, id]));
    };
    permute(
      stops.map((s) => s.id),
      [],
    );
    expect(lengthKm(STUDIO, route, stops)).toBeLessThanOrEqual(best * 1.1);
  });

  it('handles no stops, one stop, and a ZIP it does not know', () => {
    expect(planRoute(STUDIO, [])).toEqual([]);
    expect(planRoute(STUDIO, [stop('one', '84601')])).toEqual(['one']);
    expect(planRoute(STUDIO, [stop('far', '84601'), stop('unknown', '99999')])).toEqual(['unknown', 'far']);
  });
});
