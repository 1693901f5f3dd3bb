import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { row } from '../../test/fixtures';
import { canMove, dayProgress, nextStop, progressText, routeAfterMove, workOrder } from './day-progress';

const stop = (id: string, status: string): SubscriptionRow => row(id, {}, { status });
const ids = (rows: readonly SubscriptionRow[]) => rows.map((r) => r.id);
// Shown to the driver as b d e | a c.
const route = [
  stop('a', 'delivered'),
  stop('b', 'not-started'),
  stop('c', 'delivered'),
  stop('d', 'out-for-delivery'),
  stop('e', 'not-started'),
];

describe('the day’s progress', () => {
  it('counts the delivered stops (a collected vase too) of all the driver’s stops', () => {
    const pickup = row('p', {}, { status: 'delivered', pickup: true });
    const rows = [stop('a', 'delivered'), stop('b', 'out-for-delivery'), stop('c', 'not-started'), pickup, stop('u', 'lost')];
    expect(dayProgress(rows)).toEqual({ done: 2, total: 5 });
    expect(progressText(dayProgress(rows))).toBe('2 of 5 done');
  });

  it('reads "0 of 0 done" for a day with no stops', () => {
    expect(progressText(dayProgress([]))).toBe('0 of 0 done');
  });
});

describe('the next stop', () => {
  it('is the first stop in route order not yet delivered, out for delivery or not', () => {
    expect(nextStop([stop('a', 'delivered'), stop('b', 'delivered'), stop('c', 'not-started'), stop('d', 'out-for-delivery')])?.id).toBe(
      'c',
    );
    expect(nextStop([stop('a', 'delivered'), stop('b', 'out-for-delivery'), stop('c', 'not-started')])?.id).toBe('b');
  });

  it('is none once every stop is delivered', () => {
    expect(nextStop([stop('a', 'delivered')])).toBeNull();
  });

  it('comes first in the list, the stops still to do in route order, then the delivered ones in route order', () => {
    expect(ids(workOrder(route))).toEqual(['b', 'd', 'e', 'a', 'c']);
    expect(ids(route)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('moving a stop in the list as shown', () => {
  it('reorders the stops to do among their own route places; the delivered ones keep theirs', () => {
    expect(routeAfterMove(route, 2, 0)).toEqual(['a', 'e', 'c', 'b', 'd']);
    expect(routeAfterMove(route, 0, 1)).toEqual(['a', 'd', 'c', 'b', 'e']);
  });

  it('reorders the delivered stops among their own route places', () => {
    expect(routeAfterMove(route, 4, 3)).toEqual(['c', 'b', 'a', 'd', 'e']);
  });

  it('makes a stop to do dropped among the delivered ones the last one to do', () => {
    expect(routeAfterMove(route, 0, 4)).toEqual(['a', 'd', 'c', 'e', 'b']);
  });

  it('moves up or down only next to a stop like it', () => {
    const shown = workOrder(route);
    expect([0, 1, 2, 3, 4].map((place) => [canMove(shown, place, -1), canMove(shown, place, 1)])).toEqual([
      [false, true],
      [true, true],
      [true, false],
      [false, true],
      [true, false],
    ]);
  });
});
