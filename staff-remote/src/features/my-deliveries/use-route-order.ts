import { showFailure } from '@blooms/shared/runtime/show-failure';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { useDragReorder } from '../deliveries/use-drag-reorder';
import { reorderMine } from '../deliveries/live-cache';
import { routeAfterMove } from './day-progress';

interface Options {
  month: MonthKey;
  rows: SubscriptionRow[] | null;
  /** Loads the stops again, as the server has them, when the new order could not be kept. */
  reload: () => Promise<void>;
}

/**
 * Moves a stop to another place in the route (up, down, or dropped there), shown at once and kept
 * on the server. Places are those of the list as the driver sees it, next stop first
 * (day-progress.ts, workOrder).
 */
export function useRouteOrder({ month, rows, reload }: Options) {
  async function move(from: number, to: number) {
    if (!rows) return;
    const ids = routeAfterMove(rows, from, to);
    reorderMine(month, ids);
    try {
      reorderMine(
        month,
        (await deliveriesApi.saveRouteOrder(month, ids)).map((row) => row.id),
      );
    } catch (e) {
      showFailure(e);
      void reload();
    }
  }
  const { drag: dragging, handleProps: dragHandle } = useDragReorder((from, to) => void move(from, to));
  return { move, dragging, dragHandle };
}
