import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { calendarEdges } from '../test-dates/calendar-edges';
import { FIXTURE_DAY_FILES, fixtureDayFilesReadingSuiteTime, jestFilesAt, MOMENT_FILES } from '../test-dates/jest-plan';
import { accountFixtureNow } from './support/account-fixture-day';

const studioClock = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver', dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(
    new Date(iso),
  );

describe('the days the date-sensitive suites run at', () => {
  it('from 6 December 2026: February 2028’s delivery day and its edges, the new year, both daylight-saving changes', () => {
    expect(calendarEdges('2026-12-06').map((edge) => [edge.name, studioClock(edge.start)])).toEqual([
      ['the last day for changes to a delivery', '2028-02-03, 12:00'],
      ['the day after it, when the month is charged', '2028-02-04, 12:00'],
      ['the day before a delivery day', '2028-02-09, 12:00'],
      ['a delivery day, early morning', '2028-02-10, 07:00'],
      ['the day after a delivery day', '2028-02-11, 12:00'],
      ['29 February, the month’s last day, late evening', '2028-02-29, 22:30'],
      ['31 December, late evening', '2026-12-31, 23:30'],
      ['1 January, just after midnight', '2027-01-01, 00:30'],
      ['the day daylight saving begins, just after the change', '2027-03-14, 03:30'],
      ['the day daylight saving ends, in the hour that repeats', '2027-11-07, 01:30'],
    ]);
  });

  it('the browser journeys run around the delivery day, at the month’s and the year’s turn and the clock changes, not at the notice’s edges', () => {
    const edges = calendarEdges('2026-12-06');
    expect(edges.filter((edge) => !edge.journeys).map((edge) => edge.name)).toEqual([
      'the last day for changes to a delivery',
      'the day after it, when the month is charged',
    ]);
    expect(edges.filter((edge) => edge.journeys)).toHaveLength(8);
  });

  it('are all still to come, whatever the day: the test clock only moves forward', () => {
    for (const today of ['2027-02-03', '2028-02-29', '2028-03-01', '2031-12-31'])
      for (const edge of calendarEdges(today)) expect(studioDate(new Date(edge.start)) > today).toBe(true);
  });

  it('late evenings are already the next day in UTC; the repeated hour is before the change', () => {
    const edges = calendarEdges('2026-12-06');
    expect(edges[6]!.start).toBe('2027-01-01T06:30:00.000Z');
    expect(edges[9]!.start).toBe('2027-11-07T07:30:00.000Z');
  });

  it('run every moment suite at every edge, and the account suites once per day their fixture gives: edges in one month give the same', () => {
    const edges = calendarEdges('2026-12-06');
    const files = jestFilesAt(edges);
    for (const atEdge of files) expect(atEdge).toEqual(expect.arrayContaining(MOMENT_FILES));
    const withAccountSuites = edges.filter((_, i) => files[i]!.includes(FIXTURE_DAY_FILES[0]!));
    expect(withAccountSuites.map((edge) => studioClock(accountFixtureNow(new Date(edge.start)).toISOString()))).toEqual([
      '2028-04-07, 12:00',
      '2027-02-05, 12:00',
      '2027-03-05, 12:00',
      '2027-05-07, 12:00',
      '2028-01-07, 12:00',
    ]);
    // Every day the fixture gives at any edge is one of those: none is left out.
    const days = new Set(withAccountSuites.map((edge) => accountFixtureNow(new Date(edge.start)).getTime()));
    for (const edge of edges) expect(days.has(accountFixtureNow(new Date(edge.start)).getTime())).toBe(true);
  });

  it('the account suites run once per fixture day only while they read no time but the fixture’s', () => {
    expect(fixtureDayFilesReadingSuiteTime()).toEqual([]);
  });
});
