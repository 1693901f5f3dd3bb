import { memo, type HTMLAttributes } from 'react';
import { navigateUrl, notesForStaff, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { phoneHref } from '@blooms/shared/contract/site';
import { COLLECTED_LABEL, outLabel, PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { StatusPill } from './StatusPill';
import { formatPhone } from './format';
import './stop-cards.css';

interface Props {
  row: SubscriptionRow;
  stop: number;
  stops: number;
  busy: boolean;
  /** Every button waits, moving included (a kept list, until the live one comes). */
  locked?: boolean;
  /** Whether directions open Apple Maps (iPhone, iPad) rather than Google Maps. */
  apple: boolean;
  onOutForDelivery: (row: SubscriptionRow) => void;
  onDelivered: (row: SubscriptionRow) => void;
  /** Moves the stop at this place (`stop` - 1) up or down one. */
  onMove: (row: SubscriptionRow, from: number, by: -1 | 1) => void;
  /** Being dragged to this place. */
  dragged: boolean;
  /** The pointer handlers of the drag handle for a place (use-drag-reorder). */
  dragHandle: (index: number) => HTMLAttributes<HTMLSpanElement>;
}

/**
 * One stop on a driver's phone: where, who, what to know, and big buttons for what to do.
 * Drawn again only when its own props change (the callbacks stay the same between renders),
 * so a tap on one of 60 stops draws that card alone.
 */
export const StopCard = memo(function StopCard({
  row,
  stop,
  stops,
  busy,
  locked = false,
  apple,
  onOutForDelivery,
  onDelivered,
  onMove,
  dragged,
  dragHandle,
}: Props) {
  const name = `${row.firstName} ${row.lastName}`;
  const { status, pickup } = row.delivery;
  return (
    <li
      className={`stop-card${dragged ? ' stop-card--dragged' : ''}`}
      aria-label={`Stop ${stop} of ${stops}: ${name}`}
      data-drag-index={stop - 1}
    >
      <div className="stop-card__head">
        <span className="stop-card__number" aria-hidden="true">
          {stop}
        </span>
        <h2 className="stop-card__name">{name}</h2>
        <StatusPill status={status} pickup={pickup} />
      </div>
      <p className="stop-card__address">
        {row.address}
        {row.unit && `, ${row.unit}`}
        <br />
        {row.city}, {row.state} {row.zip}
      </p>
      {pickup && <p className="stop-card__pickup">{PICKUP_NOTE}</p>}
      {notesForStaff(row) && <p className="stop-card__notes">{notesForStaff(row)}</p>}
      <div className="stop-card__actions">
        <a
          className="button button--secondary"
          href={navigateUrl(row, apple)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Navigate to ${name}`}
        >
          Navigate
        </a>
        <a className="button button--secondary" href={phoneHref(row.phone)} aria-label={`Call ${name}, ${formatPhone(row.phone)}`}>
          Call
        </a>
        {status === 'not-started' && (
          <button
            type="button"
            className="button"
            disabled={busy || locked}
            onClick={() => onOutForDelivery(row)}
            aria-label={pickup ? `Out for the vase of ${name}` : `Out for delivery to ${name}`}
          >
            {outLabel(pickup)}
          </button>
        )}
        {status === 'out-for-delivery' && (
          <button
            type="button"
            className="button"
            disabled={busy || locked}
            onClick={() => onDelivered(row)}
            aria-label={pickup ? `${COLLECTED_LABEL} from ${name}` : `Delivered to ${name}`}
          >
            {pickup ? COLLECTED_LABEL : 'Delivered'}
          </button>
        )}
      </div>
      <div className="stop-card__order">
        {/* For a finger or a mouse; keyboards and screen readers have the buttons below. */}
        <span
          className="stop-card__drag"
          aria-hidden="true"
          title={`Drag ${name} to another place`}
          {...(locked ? {} : dragHandle(stop - 1))}
        >
          ⠿
        </span>
        <button
          type="button"
          className="stop-card__move"
          disabled={locked || stop === 1}
          onClick={() => onMove(row, stop - 1, -1)}
          aria-label={`Move ${name} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="stop-card__move"
          disabled={locked || stop === stops}
          onClick={() => onMove(row, stop - 1, 1)}
          aria-label={`Move ${name} down`}
        >
          ↓
        </button>
      </div>
    </li>
  );
});
