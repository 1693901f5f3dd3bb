import { deliverThisMonthLabel, type MonthDelivery } from './deliveries';
import { isMonthDone, passedOverMessage, startMonthOf, type DaySummary } from './day-summary';
import type { Lifecycle } from './lifecycle';

const november: DaySummary = {
  month: '2026-11',
  date: '2026-11-12',
  stops: 48,
  pickups: 0,
  unassigned: 0,
  assigned: 0,
  out: 0,
  delivered: 40,
  notDelivered: 8,
  dayPassed: true,
  drivers: [],
};

describe('where staff screens start', () => {
  it('this month up to and on its delivery day while stops are left', () => {
    expect(startMonthOf('2026-11-05', november, '2026-12-10')).toEqual({ month: '2026-11', date: '2026-11-12', passedOver: null });
    expect(startMonthOf('2026-11-12', november, '2026-12-10').month).toBe('2026-11');
  });

  it('the next month once the day has passed, saying how the day ended', () => {
    const start = startMonthOf('2026-11-25', november, '2026-12-10');
    expect(start).toEqual({
      month: '2026-12',
      date: '2026-12-10',
      passedOver: { month: '2026-11', date: '2026-11-12', delivered: 40, notDelivered: 8 },
    });
    expect(passedOverMessage(start)).toBe('November 12 is done: 40 delivered, 8 not delivered. Showing December 10.');
  });

  it('the next month on the day itself once every stop is delivered; a month with no stops waits for its day', () => {
    expect(isMonthDone({ ...november, delivered: 48 }, '2026-11-12')).toBe(true);
    expect(isMonthDone({ ...november, stops: 0, delivered: 0 }, '2026-11-12')).toBe(false);
    expect(passedOverMessage(startMonthOf('2026-11-12', november, '2026-12-10'))).toBeNull();
  });
});

describe('"Deliver This Month"', () => {
  const active: Lifecycle = { status: 'active', statusFrom: '2026-11', endsAfter: null };
  const label = (d: Partial<MonthDelivery>, lifecycle = active) =>
    deliverThisMonthLabel({ delivery: { scheduled: false, firstDelivery: null, ...d } as MonthDelivery, lifecycle });

  it('says why a month does not deliver', () => {
    expect(label({ scheduled: true, state: 'delivering' })).toBe('Yes');
    expect(label({ state: 'before-first', firstDelivery: '2026-12-10' })).toBe('No (first delivery December 10)');
    expect(label({ state: 'skipped' })).toBe('No (skipped)');
    expect(label({ state: 'paused' })).toBe('No (paused)');
    expect(label({ state: 'ended' })).toBe('No (after the last delivery)');
    expect(label({ state: 'stopped' }, { ...active, status: 'past-due' })).toBe('No (held, past due)');
    expect(label({ state: 'stopped' }, { ...active, status: 'cancelled' })).toBe('No (cancelled)');
  });
});
