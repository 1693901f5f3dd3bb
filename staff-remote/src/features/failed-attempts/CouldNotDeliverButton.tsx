import { isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { askCouldNotDeliver } from './ask-could-not-deliver';
import './failed-attempts.css';

/** On a driver's stop card while the stop is out (flowers, not a vase pickup) and not yet marked: "Could not deliver". */
export function CouldNotDeliverButton({ row, disabled }: { row: SubscriptionRow; disabled: boolean }) {
  const { delivery } = row;
  if (delivery.status !== 'out-for-delivery' || delivery.pickup || isOpenAttempt(delivery.failedAttempt, delivery.status)) return null;
  return (
    <button
      type="button"
      className="button button--secondary could-not-deliver"
      disabled={disabled}
      onClick={() => askCouldNotDeliver(row)}
      aria-label={`Could not deliver to ${row.firstName} ${row.lastName}`}
    >
      Could not deliver
    </button>
  );
}
