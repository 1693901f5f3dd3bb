import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { applyDelivery } from '../deliveries/live-cache';
import { showRefusal } from '../deliveries/show-refusal';

const stopsText = (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`;

/**
 * "Start my route": on the delivery day, every stop of the driver's not started yet goes Out for
 * delivery in one request, and each subscriber is e-mailed their tracking link (the server
 * refuses on any other day, and leaves stops already out or delivered as they are).
 */
export function StartRoute({ month, rows, locked = false }: { month: MonthKey; rows: readonly SubscriptionRow[]; locked?: boolean }) {
  const [said, setSaid] = useState('');
  const waiting = rows.filter((row) => row.delivery.status === 'not-started').length;
  // The stops said are those waiting when pressed, not those left once the answer is in.
  const start = useMutation({
    mutationFn: (_waiting: number) => deliveriesApi.startMyRoute(month),
    onMutate: () => setSaid(''),
    onSuccess: (started, count) => {
      for (const row of started) applyDelivery(row.delivery);
      setSaid(
        `Your route has started: ${stopsText(count)} out for delivery. Each subscriber was e-mailed a link to follow their delivery.`,
      );
    },
    onError: (error) => showRefusal(error),
  });
  const busy = start.isPending;

  return (
    <div className="start-route">
      {waiting > 0 && (
        <>
          <button
            type="button"
            className="button start-route__button"
            disabled={busy || locked}
            aria-describedby="start-route-hint"
            onClick={() => start.mutate(waiting)}
          >
            {busy ? 'Starting…' : 'Start my route'}
          </button>
          <p id="start-route-hint" className="start-route__hint">
            On the delivery day: marks your {stopsText(waiting)} not started Out for delivery, and e-mails each subscriber a link to follow
            their delivery.
          </p>
        </>
      )}
      <p role="status" className="start-route__said">
        {said}
      </p>
    </div>
  );
}
