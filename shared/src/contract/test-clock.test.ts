import { clockStartingAt, parseClockStart } from './test-clock';

describe('a clock started at a chosen moment', () => {
  it('takes an ISO time with its zone, or a day as noon at the studio (either side of daylight saving)', () => {
    expect(parseClockStart('2028-02-29T09:30:00-07:00')?.toISOString()).toBe('2028-02-29T16:30:00.000Z');
    expect(parseClockStart('2027-03-14T01:59:00Z')?.toISOString()).toBe('2027-03-14T01:59:00.000Z');
    expect(parseClockStart('2028-02-29')?.toISOString()).toBe('2028-02-29T19:00:00.000Z');
    expect(parseClockStart('2027-07-04')?.toISOString()).toBe('2027-07-04T18:00:00.000Z');
  });

  it('refuses what is not a moment: no zone, an impossible day, words', () => {
    for (const value of ['2028-02-29T09:30:00', '2027-02-29', '2027-02-30T10:00:00Z', 'tomorrow', '', '1700000000000'])
      expect(parseClockStart(value)).toBeNull();
  });

  it('reads the start first, then moves on as real time does', () => {
    let real = 1_000_000;
    const clock = clockStartingAt(new Date('2028-02-29T12:00:00Z'), () => real);
    expect(clock().toISOString()).toBe('2028-02-29T12:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2028-02-29T12:01:30.000Z');
  });
});
