import type { DayStop } from '@blooms/shared/contract/day-stops';
import { colourOf, legendOf, mapCaption } from './map-legend';

const stop = (
  id: string,
  status: DayStop['status'],
  assignedTo: string | null,
  placed: 'exact' | 'zip' | 'none' = 'zip',
  pickup = false,
): DayStop => ({
  id,
  pickup,
  name: id,
  address: '1 Main St',
  city: 'Provo',
  zip: '84601',
  status,
  assignedTo,
  assigneeName: assignedTo === 'ella@x' ? 'Ella Driver' : assignedTo === 'finn@x' ? 'Finn Driver' : null,
  latitude: placed === 'none' ? null : 40.2,
  longitude: placed === 'none' ? null : -111.6,
  exact: placed === 'exact',
});

describe('the map in words', () => {
  const stops = [
    stop('a', 'delivered', 'finn@x'),
    stop('b', 'not-started', 'ella@x'),
    stop('c', 'out-for-delivery', null),
    stop('d', 'not-started', 'ella@x'),
  ];

  it('counts the stops by status, in the order a day goes', () => {
    const legend = legendOf(stops, 'status');
    expect(legend.map((entry) => `${entry.label} ${entry.count}`)).toEqual(['Not Started 2', 'Out For Delivery 1', 'Delivered 1']);
    expect(mapCaption(stops, legend)).toBe(
      '4 stops: 2 Not Started, 1 Out For Delivery, 1 Delivered. Placed at the centre of their ZIP codes.',
    );
  });

  it('says how many of the stops are pickups only', () => {
    const withPickups = [...stops, stop('e', 'not-started', null, 'zip', true), stop('f', 'delivered', 'ella@x', 'zip', true)];
    expect(mapCaption(withPickups, legendOf(withPickups, 'status'))).toBe(
      '6 stops (2 pickups): 3 Not Started, 1 Out For Delivery, 2 Delivered. Placed at the centre of their ZIP codes.',
    );
  });

  it('counts them by driver, by first name, unassigned last, each driver a colour of their own', () => {
    const legend = legendOf(stops, 'driver');
    expect(legend.map((entry) => `${entry.label} ${entry.count}`)).toEqual(['Ella 2', 'Finn 1', 'Unassigned 1']);
    expect(new Set(legend.map((entry) => entry.colour)).size).toBe(3);
    expect(colourOf(stops[1]!, 'driver', legend)).toBe(legend[0]!.colour);
  });

  it('says where the stops are placed, and which cannot be drawn', () => {
    const mixed = [stop('a', 'delivered', null, 'exact'), stop('b', 'delivered', null, 'zip'), stop('c', 'delivered', null, 'none')];
    expect(mapCaption(mixed, legendOf(mixed, 'status'))).toBe(
      '3 stops: 3 Delivered. 1 placed at their addresses, the rest at the centre of their ZIP codes. 1 with no known place is not drawn.',
    );
    expect(mapCaption([], [])).toBe('No stops to show on the map.');
  });
});
