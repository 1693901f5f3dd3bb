import type { DayStop } from '@blooms/shared/contract/day-stops';
import { ALL_SUBSCRIPTIONS } from '@blooms/shared/contract/deliveries';
import { row } from '../../test/fixtures';
import { activeFilters, hiddenNote, stopsOnMap } from './map-stops';

const stop = (id: string) => ({ id }) as DayStop;
const STOPS = [stop('a'), stop('b'), stop('c')];

describe('the stops on the dashboard’s map', () => {
  it('are the whole day when nothing narrows the list, whatever its order or how much of it is read', () => {
    expect(stopsOnMap(STOPS, [row('a')], ALL_SUBSCRIPTIONS)).toEqual({ stops: STOPS, hidden: 0 });
    expect(stopsOnMap(STOPS, null, { ...ALL_SUBSCRIPTIONS, sort: 'name' })).toEqual({ stops: STOPS, hidden: 0 });
  });

  it('are those among the searched or filtered rows, in the map’s order, with how many are left off', () => {
    const rows = [row('c'), row('x'), row('a')];
    expect(stopsOnMap(STOPS, rows, { ...ALL_SUBSCRIPTIONS, search: 'Provo' })).toEqual({ stops: [stop('a'), stop('c')], hidden: 1 });
    expect(stopsOnMap(STOPS, [], { ...ALL_SUBSCRIPTIONS, status: 'delivered' })).toEqual({ stops: [], hidden: 3 });
  });

  it('wait for the narrowed list, and for the stops', () => {
    expect(stopsOnMap(STOPS, null, { ...ALL_SUBSCRIPTIONS, city: 'Orem' })).toEqual({ stops: null, hidden: 0 });
    expect(stopsOnMap(null, [row('a')], ALL_SUBSCRIPTIONS)).toEqual({ stops: null, hidden: 0 });
  });

  it('a search of spaces narrows nothing', () => {
    expect(stopsOnMap(STOPS, [], { ...ALL_SUBSCRIPTIONS, search: '  ' })).toEqual({ stops: STOPS, hidden: 0 });
  });
});

describe('what the map says of the stops it leaves off', () => {
  it('says nothing when it hides none; else how many of how many, and that rows still to load are not on it', () => {
    expect(hiddenNote(3, 0, false)).toBeNull();
    expect(hiddenNote(2, 3, false)).toBe('2 of 5 stops shown: the search and filters hide 3.');
    expect(hiddenNote(2, 3, true)).toMatch(/^2 of 5 stops shown: the search and filters hide 3\. Rows not loaded yet/);
  });
});

describe('the filters counted on the Filters button', () => {
  it('counts each filter on, but not the search (in view beside it) or the order', () => {
    expect(activeFilters(ALL_SUBSCRIPTIONS)).toBe(0);
    expect(activeFilters({ ...ALL_SUBSCRIPTIONS, search: 'x', sort: 'name' })).toBe(0);
    expect(
      activeFilters({
        ...ALL_SUBSCRIPTIONS,
        status: 'delivered',
        assignee: 'unassigned',
        city: 'Orem',
        scheduled: 'yes',
        subscription: 'paused',
      }),
    ).toBe(5);
    expect(activeFilters({ ...ALL_SUBSCRIPTIONS, city: '  ' })).toBe(0);
  });
});
