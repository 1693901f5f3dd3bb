import { ALL_SUBSCRIPTIONS } from '@blooms/shared/contract/deliveries';
import { daySummarySchema, type DaySummary } from '@blooms/shared/contract/day-summary';
import { isShowing, summaryFigures, viewFor } from './summary-figures';

describe('a day summary figure pressed', () => {
  const unassigned = { scheduled: 'stop', status: '', assignee: 'unassigned' } as const;

  it('narrows the list to its stops, keeping the search, city and order', () => {
    const view = { ...ALL_SUBSCRIPTIONS, search: 'lopez', city: 'Provo', sort: 'zip' as const, status: 'delivered' as const };
    expect(viewFor(view, unassigned)).toEqual({ ...view, scheduled: 'stop', status: '', assignee: 'unassigned' });
  });

  it('pressed again, takes its filter off', () => {
    const shown = viewFor(ALL_SUBSCRIPTIONS, unassigned);
    expect(isShowing(shown, unassigned)).toBe(true);
    expect(viewFor(shown, unassigned)).toEqual(ALL_SUBSCRIPTIONS);
  });
});

describe('the figures of an API one release older', () => {
  // Its reply has no `assigned` and no `dayPassed`; its notDelivered counts every stop not finished.
  const older = {
    month: '2026-12',
    date: '2026-12-10',
    stops: 5,
    pickups: 0,
    unassigned: 4,
    out: 0,
    delivered: 0,
    notDelivered: 5,
    drivers: [],
  };

  it('leave out the count it does not send and show its not delivered as it always did, never "undefined"', () => {
    const { totals } = summaryFigures(older as DaySummary);
    expect(totals.map((figure) => `${figure.value} ${figure.label}`)).toEqual([
      '5 Stops',
      '4 To assign',
      '0 Out',
      '0 Delivered',
      '5 Not delivered',
    ]);
  });

  it('say nothing of Could not deliver, which it does not count; this release counts it apart', () => {
    expect(summaryFigures(older as DaySummary).couldNotDeliver).toBeNull();
    expect(summaryFigures({ ...older, couldNotDeliver: 2 } as DaySummary).couldNotDeliver).toBe(2);
  });

  it('are read by the contract, not refused as a reply of another release', () => {
    expect(daySummarySchema.safeParse(older).success).toBe(true);
  });
});
