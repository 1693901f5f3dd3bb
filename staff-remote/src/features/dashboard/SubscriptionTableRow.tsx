import { Link } from 'react-router-dom';
import {
  AUTO_ASSIGNED_LABELS,
  deliverThisMonthLabel,
  mapSearchUrl,
  nextStatus,
  notesForStaff,
  statusLabel,
  type SubscriptionRow,
} from '@blooms/shared/contract/deliveries';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { phoneHref } from '@blooms/shared/contract/site';
import { historyPageUrl } from '@blooms/shared/contract/subscription-history';
import { LifecycleTag, VasesTag } from '../deliveries/LifecycleTag';
import { isStop, pickupStatusLabel } from '@blooms/shared/contract/vases';
import { BreakableEmail } from '../deliveries/BreakableEmail';
import { NotesCell } from '../deliveries/NotesCell';
import { StatusPill } from '../deliveries/StatusPill';
import { moveWithinRow } from '../deliveries/row-keys';
import { formatPhone, formatSubmitted } from '../deliveries/format';

interface Props {
  row: SubscriptionRow;
  selected: boolean;
  busy: boolean;
  isAdmin: boolean;
  onToggle: (id: string) => void;
  onPill: (row: SubscriptionRow) => void;
  onPhoto: (url: string) => void;
}

/** One subscription on the dashboard: who, where, and this month's delivery. */
export function SubscriptionTableRow({ row, selected, busy, isAdmin, onToggle, onPill, onPhoto }: Props) {
  const name = `${row.firstName} ${row.lastName}`;
  const { delivery } = row;
  return (
    // Tab stops: the checkbox and the pill; with no delivery this month, the e-mail link instead.
    <tr aria-selected={selected} onKeyDown={moveWithinRow}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          checked={selected}
          disabled={!isStop(delivery)}
          onChange={() => onToggle(row.id)}
        />
      </td>
      <th scope="row">
        {name}
        <LifecycleTag lifecycle={row.lifecycle} gift={row.gift} />
        <VasesTag lifecycle={row.lifecycle} vasesOut={row.vasesOut} />
      </th>
      <td className="deliveries-table__wrap">
        <a href={`mailto:${row.email}`} aria-label={row.email} tabIndex={isStop(delivery) ? -1 : undefined}>
          <BreakableEmail email={row.email} />
        </a>
      </td>
      <td className="nowrap">
        <a href={phoneHref(row.phone)} tabIndex={-1}>
          {formatPhone(row.phone)}
        </a>
      </td>
      <td className="deliveries-table__wrap">
        <a href={mapSearchUrl(row)} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
          {row.address}
        </a>
      </td>
      <td>{row.unit}</td>
      <td>{row.city}</td>
      <td>{row.state}</td>
      <td>{row.zip}</td>
      <td>
        <NotesCell notes={notesForStaff(row)} name={name} tabIndex={-1} />
      </td>
      <td>
        {isStop(delivery) ? (
          <span className="status-cell">
            <StatusPill
              status={delivery.status}
              busy={busy}
              pickup={delivery.pickup}
              actionLabel={`change to ${(delivery.pickup ? pickupStatusLabel : statusLabel)(nextStatus(delivery.status))}`}
              onClick={() => onPill(row)}
            />
            {delivery.proofImageUrl && (
              <button
                type="button"
                className="photo-link"
                tabIndex={-1}
                onClick={() => onPhoto(delivery.proofImageUrl!)}
                aria-label={`View the delivery photo for ${name}`}
              >
                Photo
              </button>
            )}
          </span>
        ) : (
          <span className="muted">No delivery</span>
        )}
      </td>
      <td>{deliverThisMonthLabel(row)}</td>
      <td>
        {assigneeOf(row) ?? 'Unassigned'}
        {row.delivery.autoAssigned && <span className="auto-assigned-tag">{AUTO_ASSIGNED_LABELS[row.delivery.autoAssigned]}</span>}
      </td>
      <td className="deliveries-table__submitted">
        {formatSubmitted(row.createdAt)}
        {isAdmin && (
          <Link className="history-link" to={historyPageUrl(row.id)} tabIndex={-1} aria-label={`History of ${name}`}>
            History
          </Link>
        )}
      </td>
    </tr>
  );
}

/** The first name of whoever has this month's delivery, or null for nobody. */
export function assigneeOf({ delivery }: SubscriptionRow): string | null {
  return delivery.assignedTo ? displayFirstName({ name: delivery.assigneeName ?? '', email: delivery.assignedTo }) : null;
}
