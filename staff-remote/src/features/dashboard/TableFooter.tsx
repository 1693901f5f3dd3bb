import { formatTotal } from '@blooms/shared/contract/deliveries';

interface Props {
  shown: number;
  total: number;
  /** Whether filters narrow the month: the rows are then "matching", and a count past the counting limit shows as that limit and a plus. */
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** How many rows are shown of how many, and the button that loads the next page. */
export function TableFooter({ shown, total, filtered, hasMore, loadingMore, onLoadMore }: Props) {
  return (
    <div className="table-footer">
      <p role="status">
        Showing {shown} of {formatTotal(total, filtered)} {filtered ? 'matching subscriptions' : 'subscriptions'}
      </p>
      {hasMore && (
        <button type="button" className="button button--secondary" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}
