import { addDays, defaultDeliveryDate, lastDayForChanges, studioMidnight, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';

/** A moment the date-sensitive suites run at: TEST_CLOCK_START's value, and what makes it worth trying. */
export interface CalendarEdge {
  name: string;
  start: string;
  /**
   * Whether the browser journeys run at this moment too. They read the delivery day that is today
   * or next, the month and the year; the notice and the charge day are the jest suites' rules, and
   * before them the journeys see the same delivery day as on the day before it.
   */
  journeys: boolean;
}

const HOUR_MS = 3600_000;

/** The moment `hours` after the studio's midnight on a day (on a daylight-saving day the clock on the wall differs). */
const hoursInto = (date: IsoDate, hours: number) => new Date(studioMidnight(date).getTime() + hours * HOUR_MS).toISOString();
const hoursLong = (date: IsoDate) => (studioMidnight(addDays(date, 1)).getTime() - studioMidnight(date).getTime()) / HOUR_MS;
const lastDayOf = (month: MonthKey): IsoDate => addDays(`${addMonths(month, 1)}-01`, -1);

/** The first day after `today` that `matches`. */
function nextDay(today: IsoDate, matches: (day: IsoDate) => boolean): IsoDate {
  for (let day = addDays(today, 1); ; day = addDays(day, 1)) if (matches(day)) return day;
}

/**
 * The days whose rules are easiest to get wrong, all still to come after `today` (so the server's
 * clock only moves forward): a delivery day and the days around it and its notice, taken in the
 * next February of a leap year so that the month's last day is 29 February; 31 December into 1
 * January; and both daylight-saving changes at the studio. Late-evening moments are already the
 * next day in UTC.
 */
export function calendarEdges(today: IsoDate): CalendarEdge[] {
  let leapFebruary = `${today.slice(0, 4)}-02`;
  while (lastDayOf(leapFebruary).slice(8) !== '29' || lastDayForChanges(defaultDeliveryDate(leapFebruary)) <= today)
    leapFebruary = addMonths(leapFebruary, 12);
  const delivery = defaultDeliveryDate(leapFebruary);
  const lastForChanges = lastDayForChanges(delivery);
  const newYearsEve = nextDay(today, (day) => day.endsWith('-12-31'));
  return [
    { name: 'the last day for changes to a delivery', start: hoursInto(lastForChanges, 12), journeys: false },
    { name: 'the day after it, when the month is charged', start: hoursInto(addDays(lastForChanges, 1), 12), journeys: false },
    { name: 'the day before a delivery day', start: hoursInto(addDays(delivery, -1), 12), journeys: true },
    { name: 'a delivery day, early morning', start: hoursInto(delivery, 7), journeys: true },
    { name: 'the day after a delivery day', start: hoursInto(addDays(delivery, 1), 12), journeys: true },
    { name: '29 February, the month’s last day, late evening', start: hoursInto(lastDayOf(leapFebruary), 22.5), journeys: true },
    { name: '31 December, late evening', start: hoursInto(newYearsEve, 23.5), journeys: true },
    { name: '1 January, just after midnight', start: hoursInto(addDays(newYearsEve, 1), 0.5), journeys: true },
    {
      name: 'the day daylight saving begins, just after the change',
      start: hoursInto(
        nextDay(today, (day) => hoursLong(day) === 23),
        2.5,
      ),
      journeys: true,
    },
    {
      name: 'the day daylight saving ends, in the hour that repeats',
      start: hoursInto(
        nextDay(today, (day) => hoursLong(day) === 25),
        1.5,
      ),
      journeys: true,
    },
  ];
}
