import { useState } from 'react';
import { isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { askCouldNotDeliver } from './ask-could-not-deliver';
import { FailedAttemptNote } from './FailedAttemptNote';
import { RescheduleDialog } from './RescheduleDialog';

interface Props {
  row: SubscriptionRow;
  /** Asks why and sends the mark; a driver's own table keeps it on the device when it cannot be sent. */
  onCouldNotDeliver?: (row: SubscriptionRow) => void;
  /** Whether staff may move a failed stop from here (the dashboard); a driver's own stops only show the attempt. */
  canReschedule?: boolean;
  /** Could not deliver waits (a change to the stop on its way, or a kept list). */
  disabled?: boolean;
}

/** Under a stop's status: its failed attempt, Could not deliver while it is out, Reschedule once it failed. */
export function FailedAttemptCell({
  row,
  onCouldNotDeliver = (stop) => askCouldNotDeliver(stop),
  canReschedule = true,
  disabled = false,
}: Props) {
  const [rescheduling, setRescheduling] = useState(false);
  const { delivery } = row;
  const name = `${row.firstName} ${row.lastName}`;
  const open = isOpenAttempt(delivery.failedAttempt, delivery.status);
  const canMark = delivery.status === 'out-for-delivery' && !delivery.pickup && !open;
  if (!canMark && !delivery.failedAttempt) return null;
  return (
    <span className="failed-actions">
      <FailedAttemptNote delivery={delivery} short />
      {canMark && (
        <button
          type="button"
          className="failed-link"
          disabled={disabled}
          onClick={() => onCouldNotDeliver(row)}
          aria-label={`Could not deliver to ${name}`}
        >
          Could not deliver
        </button>
      )}
      {open && canReschedule && (
        <button type="button" className="failed-link" onClick={() => setRescheduling(true)} aria-label={`Reschedule ${name}`}>
          Reschedule
        </button>
      )}
      {rescheduling && <RescheduleDialog row={row} onClose={() => setRescheduling(false)} />}
    </span>
  );
}
