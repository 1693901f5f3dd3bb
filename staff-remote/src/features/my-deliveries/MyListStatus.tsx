import { LoadError } from '@blooms/shared/ui/LoadError';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';

interface Props {
  month: MonthKey;
  rows: SubscriptionRow[] | null;
  error: unknown;
  onRetry: () => void;
}

/** What My Deliveries says besides its stops: that they could not be read, are on their way, or that there are none this month. */
export function MyListStatus({ month, rows, error, onRetry }: Props) {
  return (
    <>
      {error !== null && <LoadError what="your deliveries" error={error} onRetry={onRetry} />}
      {rows === null && error === null && (
        <p className="status-message" role="status">
          Loading your deliveries…
        </p>
      )}
      {rows?.length === 0 && <p className="status-message">No deliveries are assigned to you in {formatMonth(month)}.</p>}
    </>
  );
}
