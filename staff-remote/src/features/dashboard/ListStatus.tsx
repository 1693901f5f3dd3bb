import { LoadError } from '@blooms/shared/ui/LoadError';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';

interface Props {
  rows: SubscriptionRow[] | null;
  error: unknown;
  /** Whether the list is the whole month (no search, filter or other order). */
  isEverything: boolean;
  onRetry: () => void;
}

/** What the dashboard says in place of its list: loading, could not load, or nothing to show. */
export function ListStatus({ rows, error, isEverything, onRetry }: Props) {
  if (error !== null) return <LoadError what="the subscriptions" error={error} onRetry={onRetry} />;
  if (rows === null)
    return (
      <p className="status-message" role="status">
        Loading subscriptions…
      </p>
    );
  if (rows.length === 0)
    return <p className="status-message">{isEverything ? 'No subscriptions yet.' : 'No subscriptions match these filters.'}</p>;
  return null;
}
