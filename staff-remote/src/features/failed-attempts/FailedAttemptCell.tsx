import { useState } from 'react';
import { isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { askCouldNotDeliver } from './ask-could-not-deliver';
import { FailedAttemptNote } from './FailedAttemptNote';
import { RescheduleDialog } from './RescheduleDialog';

/** On the dashboard, under a stop's status: its failed attempt, Could not deliver while it is out, Reschedule once it failed. */
export function FailedAttemptCell({ row }: { row: SubscriptionRow }) {
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
        <button type="button" className="failed-link" onClick={() => askCouldNotDeliver(row)} aria-label={`Could not deliver to ${name}`}>
          Could not deliver
        </button>
      )}
      {open && (
        <button type="button" className="failed-link" onClick={() => setRescheduling(true)} aria-label={`Reschedule ${name}`}>
          Reschedule
        </button>
      )}
      {rescheduling && <RescheduleDialog row={row} onClose={() => setRescheduling(false)} />}
    </span>
  );
}
