import { FORECAST_CSV_COLUMNS, forecastCsvValues, forecastOf, type ForecastDay, type ForecastSubscription } from './forecast';
import { isOver, pickupDue } from './vases';

const running = { status: 'active' as const, statusFrom: '2026-01', endsAfter: null };
const plan = (overrides: Partial<ForecastSubscription> = {}): ForecastSubscription => ({
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  skippedMonths: [],
  pausedFrom: null,
  pausedUntil: null,
  firstDelivery: null,
  lifecycle: running,
  delivered: true,
  vaseOut: true,
  ...overrides,
});
const DAYS = ['2026-12', '2027-01', '2027-02'].map((month) => ({ month, date: `${month}-10` }));

describe('a subscription is over', () => {
  it('after the month it ends with, or from the month it was cancelled outright', () => {
    expect(isOver({ ...running, endsAfter: '2026-12' }, '2026-12')).toBe(false);
    expect(isOver({ ...running, endsAfter: '2026-12' }, '2027-01')).toBe(true);
    expect(isOver({ status: 'cancelled', statusFrom: '2027-01', endsAfter: null }, '2027-01')).toBe(true);
    expect(isOver({ status: 'past-due', statusFrom: '2026-11', endsAfter: null }, '2027-01')).toBe(false);
  });

  it('and has a pickup while a vase is out, or once its stop was made a pickup', () => {
    const ended = { ...running, endsAfter: '2026-11' };
    expect(pickupDue(ended, 1, '2026-12')).toBe(true);
    expect(pickupDue(ended, 0, '2026-12')).toBe(false);
    expect(pickupDue(ended, 0, '2026-12', 'pickup')).toBe(true);
    expect(pickupDue(running, 1, '2026-12')).toBe(false);
  });
});

describe('the forecast', () => {
  it('counts a first delivery once, then swaps the vase it left', () => {
    const days = forecastOf([plan({ delivered: false, vaseOut: false, firstDelivery: '2027-01-14' })], DAYS);
    expect(days.map((d) => [d.arrangements, d.firstDeliveries, d.swaps])).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [1, 0, 1],
    ]);
  });

  it('counts skips, pauses and holds instead of arrangements', () => {
    const days = forecastOf(
      [
        plan({ skippedMonths: ['2026-12'] }),
        plan({ pausedFrom: '2027-01', pausedUntil: '2027-02' }),
        plan({ lifecycle: { status: 'past-due', statusFrom: '2027-02', endsAfter: null } }),
      ],
      DAYS,
    );
    expect(days.map((d) => [d.arrangements, d.skips, d.pauses, d.held])).toEqual([
      [2, 1, 0, 0],
      [2, 0, 1, 0],
      [1, 0, 1, 1],
    ]);
  });

  it('collects the last vase once, the month after the last delivery', () => {
    const days = forecastOf([plan({ lifecycle: { status: 'cancelled', statusFrom: '2027-01', endsAfter: '2026-12' } })], DAYS);
    expect(days.map((d) => [d.arrangements, d.pickups, d.vasesToCollect])).toEqual([
      [1, 0, 1],
      [0, 1, 1],
      [0, 0, 0],
    ]);
  });
});

describe('the forecast as CSV', () => {
  const day: ForecastDay = {
    month: '2026-12',
    date: '2026-12-10',
    arrangements: 5,
    firstDeliveries: 1,
    skips: 2,
    pauses: 0,
    held: 1,
    swaps: 4,
    pickups: 1,
    vasesToCollect: 5,
    couldNotDeliver: 2,
  };

  it('has a value under every column, the stops to take out again last', () => {
    expect(forecastCsvValues(day)).toHaveLength(FORECAST_CSV_COLUMNS.length);
    expect(FORECAST_CSV_COLUMNS.at(-1)).toBe('Could not deliver (to take out again)');
    expect(forecastCsvValues(day)).toEqual(['2026-12-10', '5', '1', '2', '0', '1', '5', '4', '1', '2']);
  });

  it('counts none to take out again where the day has no count of them', () => {
    const { couldNotDeliver: _, ...withoutCount } = day;
    expect(forecastCsvValues(withoutCount).at(-1)).toBe('0');
  });
});
