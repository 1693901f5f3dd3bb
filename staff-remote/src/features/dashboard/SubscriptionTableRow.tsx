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
import { NotesCell } from '../deliveries/NotesCell';
import { StatusPill } from '../deliveries/StatusPill';
import { FailedAttemptCell } from '../failed-attempts/FailedAttemptCell';
import { moveWithinRow } from '../deliveries/row-keys';
import { formatPhone, formatSubmitted, formatSubmittedDay } from '../deliveries/format';

interface Props {
  row: SubscriptionRow;
  selected: boolean;
  busy: boolean;
  isAdmin: boolean;
  onToggle: (id: string) => void;
  onPill: (row: SubscriptionRow) => void;
  onPhoto: (url: string) => void;
  /** Off when the state is said once, in its column's heading. */
  stateShown: boolean;
  /** A dot on the open map: whether it is picked, and how to pick it. */
  onMap: { picked: boolean; pick: () => void } | null;
}

/** One subscription on the dashboard: who, where, and this month's delivery. */
export function SubscriptionTableRow({ row, selected, busy, isAdmin, onToggle, onPill, onPhoto, stateShown, onMap }: Props) {
  const name = `${row.firstName} ${row.lastName}`;
  const { delivery } = row;
  return (
    // Tab stops: the checkbox and the pill; with no delivery this month, the e-mail link instead.
    <tr aria-selected={selected} onKeyDown={moveWithinRow} data-row={row.id} className={onMap?.picked ? 'is-picked' : undefined}>
      <td className="deliveries-table__pick">
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          checked={selected}
          disabled={!isStop(delivery)}
          onChange={() => onToggle(row.id)}
        />
        {onMap && (
          <button
            type="button"
            className="map-pin"
            tabIndex={-1}
            aria-pressed={onMap.picked}
            aria-label={`Show ${name} on the map`}
            onClick={onMap.pick}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M8 1a5 5 0 0 0-5 5c0 3.5 5 9 5 9s5-5.5 5-9a5 5 0 0 0-5-5zm0 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4z" />
            </svg>
          </button>
        )}
      </td>
      <th scope="row">
        <span className="deliveries-table__name">{name}</span>
        <LifecycleTag lifecycle={row.lifecycle} gift={row.gift} />
        <VasesTag lifecycle={row.lifecycle} vasesOut={row.vasesOut} />
      </th>
      <td className="deliveries-table__clip deliveries-table__clip--email deliveries-table__reach">
        <a href={`mailto:${row.email}`} tabIndex={isStop(delivery) ? -1 : undefined}>
          {row.email}
        </a>
      </td>
      <td className="nowrap deliveries-table__reach">
        <a href={phoneHref(row.phone)} tabIndex={-1}>
          {formatPhone(row.phone)}
        </a>
      </td>
      <td className="deliveries-table__clip deliveries-table__address" title={row.address}>
        <a href={mapSearchUrl(row)} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
          {row.address}
        </a>
      </td>
      <td className="deliveries-table__clip deliveries-table__clip--short deliveries-table__where">{row.unit}</td>
      <td className="deliveries-table__clip deliveries-table__clip--short deliveries-table__where">{row.city}</td>
      <td className="deliveries-table__where">{stateShown ? row.state : <span className="visually-hidden">{row.state}</span>}</td>
      <td className="deliveries-table__where">{row.zip}</td>
      <td className="deliveries-table__clip deliveries-table__month" data-label={notesForStaff(row) ? 'Notes' : undefined}>
        <NotesCell notes={notesForStaff(row)} name={name} tabIndex={-1} />
      </td>
      <td className="deliveries-table__status">
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
        {isStop(delivery) && <FailedAttemptCell row={row} />}
      </td>
      <td className="deliveries-table__deliver deliveries-table__month" data-label="Deliver">
        {deliverThisMonthLabel(row)}
      </td>
      <td className="deliveries-table__month" data-label="Assigned">
        {assigneeOf(row) ?? 'Unassigned'}
        {row.delivery.autoAssigned && <span className="auto-assigned-tag">{AUTO_ASSIGNED_LABELS[row.delivery.autoAssigned]}</span>}
      </td>
      <td className="deliveries-table__submitted deliveries-table__month" data-label="Submitted">
        <time dateTime={row.createdAt} title={formatSubmitted(row.createdAt)}>
          {formatSubmittedDay(row.createdAt)}
        </time>
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
