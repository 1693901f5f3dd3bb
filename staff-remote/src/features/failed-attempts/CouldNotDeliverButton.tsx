import { isOpenAttempt } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import './failed-attempts.css';

interface Props {
  row: SubscriptionRow;
  disabled: boolean;
  /** Asks why and sends it, or keeps it on the device (use-could-not-deliver.ts). */
  onClick: (row: SubscriptionRow) => void;
}

/** On a driver's stop card while the stop is out (flowers, not a vase pickup) and not yet marked: "Could not deliver". */
export function CouldNotDeliverButton({ row, disabled, onClick }: Props) {
  const { delivery } = row;
  if (delivery.status !== 'out-for-delivery' || delivery.pickup || isOpenAttempt(delivery.failedAttempt, delivery.status)) return null;
  return (
    <button
      type="button"
      className="button button--secondary could-not-deliver"
      disabled={disabled}
      onClick={() => onClick(row)}
      aria-label={`Could not deliver to ${row.firstName} ${row.lastName}`}
    >
      Could not deliver
    </button>
  );
}
