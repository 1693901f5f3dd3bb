import { mapSearchUrl, notesForStaff, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { phoneHref } from '@blooms/shared/contract/site';
import { PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { NotesCell } from '../deliveries/NotesCell';
import { StatusPill } from '../deliveries/StatusPill';
import { formatPhone } from '../deliveries/format';
import { FailedAttemptCell } from '../failed-attempts/FailedAttemptCell';
import { nextStop, workOrder } from './day-progress';
import './day-progress.css';

interface Props {
  month: MonthKey;
  rows: SubscriptionRow[];
  /** The stop whose photo is uploading, if any. */
  uploadingId: string | null;
  /** The stop being marked Out for delivery, if any. */
  busyId?: string | null;
  onDelivered: (row: SubscriptionRow) => void;
  /** "Could not deliver": asks why, then sends it or keeps it on the device. */
  onCouldNotDeliver: (row: SubscriptionRow) => void;
  /** Nothing can be acted on (a list kept on the device, shown until the live one comes). */
  locked?: boolean;
}

/**
 * A driver's stops on a wide screen: a table, the next stop first and marked, the finished ones
 * last (day-progress.ts), where only a stop Out for delivery can be recorded as delivered or
 * marked Could not deliver (as on the phone's card), and a failed attempt shows under its status.
 */
export function MyDeliveriesTable({ month, rows, uploadingId, busyId = null, onDelivered, onCouldNotDeliver, locked = false }: Props) {
  const next = nextStop(rows);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Your deliveries table">
      <table className="data-table deliveries-table">
        <caption className="visually-hidden">Deliveries assigned to you in {formatMonth(month)}</caption>
        <thead>
          <tr>
            {['Name', 'Address', 'Unit', 'Phone', 'Notes', 'Status'].map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {workOrder(rows).map((row) => {
            const name = `${row.firstName} ${row.lastName}`;
            const canAct = !locked && row.delivery.status === 'out-for-delivery';
            return (
              <tr key={row.id} className={row === next ? 'deliveries-table__next' : undefined}>
                <th scope="row">
                  {name}
                  {row === next && <span className="next-tag">Next stop</span>}
                  {row.delivery.pickup && <span className="pickup-tag">{PICKUP_NOTE}</span>}
                </th>
                <td>
                  <a href={mapSearchUrl(row)} target="_blank" rel="noopener noreferrer">
                    {row.address}, {row.city}
                  </a>
                </td>
                <td>{row.unit}</td>
                <td className="nowrap">
                  <a href={phoneHref(row.phone)}>{formatPhone(row.phone)}</a>
                </td>
                <td>
                  <NotesCell notes={notesForStaff(row)} name={name} />
                </td>
                <td>
                  <StatusPill
                    status={row.delivery.status}
                    busy={uploadingId === row.id}
                    pickup={row.delivery.pickup}
                    {...(canAct
                      ? {
                          actionLabel: row.delivery.pickup ? 'mark the vase collected' : 'record how it was delivered',
                          onClick: () => onDelivered(row),
                        }
                      : {})}
                  />
                  <FailedAttemptCell
                    row={row}
                    onCouldNotDeliver={onCouldNotDeliver}
                    canReschedule={false}
                    disabled={locked || uploadingId === row.id || busyId === row.id}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
