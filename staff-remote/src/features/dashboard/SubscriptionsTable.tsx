import { monthNameOf, type MonthKey } from '@blooms/shared/contract/months';
import { DASHBOARD_COLUMNS, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { SubscriptionTableRow } from './SubscriptionTableRow';
import type { PickedStop } from './use-picked-stop';

interface Props {
  month: MonthKey;
  rows: SubscriptionRow[];
  selected: ReadonlySet<string>;
  allSelected: boolean;
  /** Whether any row this month can be ticked (only scheduled deliveries can). */
  canSelect: boolean;
  busy: ReadonlySet<string>;
  isAdmin: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onPill: (row: SubscriptionRow) => void;
  onPhoto: (url: string) => void;
  /** The id of the text that tells keyboard users how to move within a row. */
  keysHintId: string;
  map: { picked: PickedStop; mapped: ReadonlySet<string> } | null;
}

/** The dashboard's month of subscriptions, one row each, with a tick box per scheduled delivery. */
export function SubscriptionsTable({ month, rows, selected, allSelected, canSelect, onToggleAll, keysHintId, map, ...rowProps }: Props) {
  // A value every row shares (the state, in a one-state business) is said once, in its heading.
  const states = new Set(rows.map((row) => row.state));
  const sharedState = states.size === 1 ? [...states][0]! : null;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Subscriptions table">
      <table className="data-table deliveries-table" aria-describedby={keysHintId}>
        <caption className="visually-hidden">Subscriptions and their deliveries in {monthNameOf(month)}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all deliveries this month"
                checked={allSelected}
                disabled={!canSelect}
                onChange={onToggleAll}
              />
            </th>
            {DASHBOARD_COLUMNS.map((heading) => (
              <th key={heading} scope="col" className={heading.split(' ').length > 2 ? 'deliveries-table__long-heading' : undefined}>
                {heading}
                {heading === 'State' && sharedState !== null && <span className="deliveries-table__shared"> all {sharedState}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <SubscriptionTableRow
              key={row.id}
              row={row}
              selected={selected.has(row.id)}
              busy={rowProps.busy.has(row.id)}
              isAdmin={rowProps.isAdmin}
              onToggle={rowProps.onToggle}
              onPill={rowProps.onPill}
              onPhoto={rowProps.onPhoto}
              stateShown={sharedState === null}
              onMap={map?.mapped.has(row.id) ? { picked: map.picked.id === row.id, pick: () => map.picked.pick(row.id, 'list') } : null}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
