import type { MonthKey } from '@blooms/shared/contract/months';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { ROW_KEYS_HINT } from '../deliveries/row-keys';
import { ListStatus } from './ListStatus';
import { SubscriptionsTable } from './SubscriptionsTable';
import { TableFooter } from './TableFooter';
import { showProofPhoto } from './show-proof-photo';
import type { useMonthList } from './use-month-list';
import type { useSelection } from './use-selection';
import type { PickedStop } from './use-picked-stop';

interface Props {
  month: MonthKey;
  list: ReturnType<typeof useMonthList>;
  /** Whether the list is the whole month (no search, filter or other order). */
  isEverything: boolean;
  selection: ReturnType<typeof useSelection>;
  canSelect: boolean;
  busy: ReadonlySet<string>;
  isAdmin: boolean;
  onPill: (row: SubscriptionRow) => void;
  /** With the map open: the stop picked, and the rows that have a dot on it. */
  map: { picked: PickedStop; mapped: ReadonlySet<string> } | null;
}

/** The dashboard's list: what it says while there is none, the table, and how much of it is shown. */
export function SubscriptionsList({ month, list, isEverything, selection, ...table }: Props) {
  const { rows } = list;
  return (
    <>
      <ListStatus rows={rows} error={list.error} isEverything={isEverything} onRetry={list.reload} />
      <p id="deliveries-keys" className="visually-hidden">
        {ROW_KEYS_HINT}
      </p>
      {rows && rows.length > 0 && (
        <>
          <SubscriptionsTable
            month={month}
            rows={rows}
            selected={selection.selected}
            allSelected={selection.allSelected}
            onToggle={selection.toggle}
            onToggleAll={selection.toggleAll}
            onPhoto={(url) => void showProofPhoto(url)}
            keysHintId="deliveries-keys"
            {...table}
          />
          <TableFooter
            shown={rows.length}
            total={list.total}
            filtered={!isEverything}
            hasMore={list.hasMore}
            loadingMore={list.loadingMore}
            onLoadMore={list.loadMore}
          />
        </>
      )}
    </>
  );
}
