import { memo } from 'react';
import { notesForStaff, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { formatPhone } from '../deliveries/format';
import './route-sheet.css';

/** The printed route: each stop with a box to tick by pen. Only print shows it (deliveries.css). */
export function RouteSheet({ firstName, month, rows }: { firstName: string; month: MonthKey; rows: SubscriptionRow[] }) {
  return (
    <section className="route-sheet" aria-label="Route sheet">
      <h2>
        {firstName}&apos;s route, {formatMonth(month)}
      </h2>
      <ol>
        {rows.map((row) => (
          <RouteStop key={row.id} row={row} />
        ))}
      </ol>
    </section>
  );
}

/** One stop of the sheet, drawn again only when its row changes (not at every tap on another stop). */
const RouteStop = memo(function RouteStop({ row }: { row: SubscriptionRow }) {
  return (
    <li>
      <span className="route-sheet__box" aria-hidden="true" />
      <strong>
        {row.firstName} {row.lastName}
      </strong>{' '}
      · {formatPhone(row.phone)}
      <br />
      {row.address}
      {row.unit && `, ${row.unit}`}, {row.city} {row.zip}
      {row.delivery.pickup && <strong className="route-sheet__notes">{PICKUP_NOTE}</strong>}
      {notesForStaff(row) && <em className="route-sheet__notes">{notesForStaff(row)}</em>}
    </li>
  );
});
