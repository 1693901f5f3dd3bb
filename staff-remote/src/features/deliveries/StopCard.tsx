import { memo, useId, useState, type HTMLAttributes } from 'react';
import { navigateUrl, notesForStaff, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { phoneHref } from '@blooms/shared/contract/site';
import { COLLECTED_LABEL, outLabel, PICKUP_NOTE } from '@blooms/shared/contract/vases';
import { StatusPill } from './StatusPill';
import { CouldNotDeliverButton } from '../failed-attempts/CouldNotDeliverButton';
import { FailedAttemptNote } from '../failed-attempts/FailedAttemptNote';
import { formatPhone } from './format';
import './stop-cards.css';

interface Props {
  row: SubscriptionRow;
  /** Its place in the route, from 1. */
  stop: number;
  stops: number;
  /** Its place in the list as shown (use-drag-reorder's index), from 0. */
  place: number;
  /** The first stop not yet done in route order. */
  next: boolean;
  done: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  /** Every button waits, moving included (a kept list, until the live one comes). */
  locked?: boolean;
  /** Whether directions open Apple Maps (iPhone, iPad) rather than Google Maps. */
  apple: boolean;
  onOutForDelivery: (row: SubscriptionRow) => void;
  onDelivered: (row: SubscriptionRow) => void;
  onCouldNotDeliver: (row: SubscriptionRow) => void;
  /** Moves the stop at this place of the list one up or down. */
  onMove: (row: SubscriptionRow, place: number, by: -1 | 1) => void;
  /** Being dragged to this place. */
  dragged: boolean;
  /** The pointer handlers of the drag handle for a place (use-drag-reorder). */
  dragHandle: (index: number) => HTMLAttributes<HTMLSpanElement>;
}

/**
 * One stop on a driver's phone, compact so that several fit on the screen: who, where and its
 * status on two lines, the next thing to do and directions as big buttons, and the rest (the
 * full address, notes, Call, moving it) under Details. Drawn again only when its own props
 * change (the callbacks stay the same between renders), so a tap on one of 60 stops draws that
 * card alone.
 */
export const StopCard = memo(function StopCard({
  row,
  stop,
  stops,
  place,
  next,
  done,
  canMoveUp,
  canMoveDown,
  busy,
  locked = false,
  apple,
  onOutForDelivery,
  onDelivered,
  onCouldNotDeliver,
  onMove,
  dragged,
  dragHandle,
}: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const name = `${row.firstName} ${row.lastName}`;
  const notes = notesForStaff(row);
  const { status, pickup } = row.delivery;
  const classes = ['stop-card', next && 'stop-card--next', done && 'stop-card--done', dragged && 'stop-card--dragged'];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      aria-label={`Stop ${stop} of ${stops}: ${name}${next ? ', next stop' : ''}`}
      data-drag-index={place}
    >
      <div className="stop-card__head">
        <span className="stop-card__number" aria-hidden="true">
          {stop}
        </span>
        <h2 className="stop-card__name">{name}</h2>
        {next && <span className="stop-card__tag stop-card__tag--next">Next</span>}
        {notes && <span className="stop-card__tag">Note</span>}
        {/* For a finger or a mouse; keyboards and screen readers have the buttons under Details. */}
        <span className="stop-card__drag" aria-hidden="true" title={`Drag ${name} to another place`} {...(locked ? {} : dragHandle(place))}>
          ⠿
        </span>
      </div>
      <div className="stop-card__line">
        <p className="stop-card__where">
          {row.address}
          {row.unit && `, ${row.unit}`}, {row.city}
        </p>
        <StatusPill status={status} pickup={pickup} />
      </div>
      {pickup && <p className="stop-card__pickup">{PICKUP_NOTE}</p>}
      <FailedAttemptNote delivery={row.delivery} />
      <div className="stop-card__actions">
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
        <a
          className="button button--secondary"
          href={navigateUrl(row, apple)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Navigate to ${name}`}
        >
          Navigate
        </a>
        <button
          type="button"
          className="button button--secondary stop-card__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`Details for ${name}`}
          onClick={() => setOpen(!open)}
        >
          Details
        </button>
      </div>
      <CouldNotDeliverButton row={row} disabled={busy || locked} onClick={onCouldNotDeliver} />
      <div className="stop-card__details" id={detailsId} hidden={!open}>
        <p className="stop-card__address">
          {row.address}
          {row.unit && `, ${row.unit}`}
          <br />
          {row.city}, {row.state} {row.zip}
        </p>
        {notes && <p className="stop-card__notes">{notes}</p>}
        <div className="stop-card__more">
          <a className="button button--secondary" href={phoneHref(row.phone)} aria-label={`Call ${name}, ${formatPhone(row.phone)}`}>
            Call
          </a>
          <button
            type="button"
            className="stop-card__move"
            disabled={locked || !canMoveUp}
            onClick={() => onMove(row, place, -1)}
            aria-label={`Move ${name} up`}
          >
            ↑
          </button>
          <button
            type="button"
            className="stop-card__move"
            disabled={locked || !canMoveDown}
            onClick={() => onMove(row, place, 1)}
            aria-label={`Move ${name} down`}
          >
            ↓
          </button>
        </div>
      </div>
    </li>
  );
});
