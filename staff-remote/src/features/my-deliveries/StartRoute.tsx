import { useState } from 'react';
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
export function StartRoute({ month, rows }: { month: MonthKey; rows: readonly SubscriptionRow[] }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const waiting = rows.filter((row) => row.delivery.status === 'not-started').length;

  async function start() {
    setBusy(true);
    setSaid('');
    try {
      const started = await deliveriesApi.startMyRoute(month);
      for (const row of started) applyDelivery(row.delivery);
      setSaid(
        `Your route has started: ${stopsText(waiting)} out for delivery. Each subscriber was e-mailed a link to follow their delivery.`,
      );
    } catch (error) {
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="start-route">
      {waiting > 0 && (
        <>
          <button
            type="button"
            className="button start-route__button"
            disabled={busy}
            aria-describedby="start-route-hint"
            onClick={() => void start()}
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
