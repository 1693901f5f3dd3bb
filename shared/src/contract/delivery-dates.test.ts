import { MONTH_KEY_PATTERN } from './months';
import {
  addDays,
  changesAllowed,
  defaultDeliveryDate,
  formatDeliveryDate,
  isIsoDate,
  lastDayForChanges,
  studioDate,
  studioMidnight,
} from './delivery-dates';

describe('delivery dates', () => {
  it.each([
    ['2026-12', '2026-12-10'],
    ['2027-01', '2027-01-14'],
    ['2027-04', '2027-04-08'], // the 1st is a Thursday: the second is the 8th
    ['2027-07', '2027-07-08'],
    ['2028-02', '2028-02-10'],
  ])('by default, %s delivers on its second Thursday, %s', (month, date) => {
    expect(defaultDeliveryDate(month)).toBe(date);
    expect(new Date(`${date}T12:00:00Z`).getUTCDay()).toBe(4);
  });

  it('knows real calendar days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('takes only days and months of the years 2000-2199, where date arithmetic stays in four-digit years', () => {
    // Year 0000 would read as 1900, 9999-12 would run into year 10000.
    for (const date of ['0000-01-01', '0099-12-31', '1999-12-31', '2200-01-01', '9999-12-31'])
      expect({ date, ok: isIsoDate(date) }).toEqual({ date, ok: false });
    for (const date of ['2000-01-01', '2199-12-31']) expect(isIsoDate(date)).toBe(true);
    for (const month of ['0000-01', '1999-12', '2200-01', '9999-12'])
      expect({ month, ok: MONTH_KEY_PATTERN.test(month) }).toEqual({ month, ok: false });
    expect(MONTH_KEY_PATTERN.test('2199-12')).toBe(true);
    expect(defaultDeliveryDate('2199-12')).toBe('2199-12-12');
  });

  it("begins a studio day at Denver's midnight, in winter and in summer time", () => {
    expect(studioMidnight('2026-12-10').toISOString()).toBe('2026-12-10T07:00:00.000Z');
    expect(studioMidnight('2027-07-08').toISOString()).toBe('2027-07-08T06:00:00.000Z');
    // The days daylight saving starts and ends.
    expect(studioMidnight('2027-03-14').toISOString()).toBe('2027-03-14T07:00:00.000Z');
    expect(studioMidnight('2026-11-01').toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(studioDate(new Date('2026-12-10T06:59:59Z'))).toBe('2026-12-09');
    expect(studioDate(new Date('2026-12-10T07:00:00Z'))).toBe('2026-12-10');
  });

  it('takes changes until the end of the studio day a full week before the delivery', () => {
    expect(lastDayForChanges('2026-12-10')).toBe('2026-12-03');
    // 11:59 pm on Thursday 3 December in Denver is 06:59 UTC on the 4th.
    expect(changesAllowed('2026-12-10', new Date('2026-12-04T06:59:59Z'))).toBe(true);
    expect(changesAllowed('2026-12-10', new Date('2026-12-04T07:00:00Z'))).toBe(false);
  });

  it('reads a date the way people say it', () => {
    expect(formatDeliveryDate('2026-12-10')).toBe('Thursday, December 10');
    expect(formatDeliveryDate('2027-01-14', { withYear: true })).toBe('Thursday, January 14, 2027');
  });
});
