import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { ForecastDay } from '@blooms/shared/contract/forecast';

const COLUMNS = ['Delivery day', 'Arrangements', 'First deliveries', 'Skips', 'Pauses', 'Held (past due)', 'Vases to collect'];

/** Where the vases come back from: swapped at a delivery, or a pickup-only stop. */
function vasesDetail(day: ForecastDay): string {
  const parts = [];
  if (day.swaps > 0) parts.push(`${day.swaps} swapped`);
  if (day.pickups > 0) parts.push(`${day.pickups} pickup-only`);
  return parts.join(', ');
}

/** Of the arrangements, those whose attempt failed and go out again; nothing when none, or from an API that does not say. */
function failedDetail(day: ForecastDay): string {
  return day.couldNotDeliver ? `${day.couldNotDeliver} could not deliver, to take out again` : '';
}

/** One line per coming delivery day; on a phone each day is a card whose figures say what they are. */
export function ForecastTable({ days }: { days: ForecastDay[] }) {
  const thisYear = days[0]?.date.slice(0, 4);
  return (
    <div className="table-scroll forecast-scroll" tabIndex={0} role="region" aria-label="Forecast table">
      <table className="data-table forecast-table">
        <caption className="visually-hidden">The next {days.length} delivery days</caption>
        <thead>
          <tr>
            {COLUMNS.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => {
            const detail = vasesDetail(day);
            const failed = failedDetail(day);
            return (
              <tr key={day.month}>
                <th scope="row">{formatDeliveryDate(day.date, { withYear: day.date.slice(0, 4) !== thisYear })}</th>
                <td data-label="Arrangements" className="forecast-table__arrangements">
                  {day.arrangements}
                  {failed && <span className="forecast-table__detail"> ({failed})</span>}
                </td>
                <td data-label="First deliveries">{day.firstDeliveries}</td>
                <td data-label="Skips">{day.skips}</td>
                <td data-label="Pauses">{day.pauses}</td>
                <td data-label="Held (past due)">{day.held}</td>
                <td data-label="Vases to collect">
                  {day.vasesToCollect}
                  {detail && <span className="forecast-table__detail"> ({detail})</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
