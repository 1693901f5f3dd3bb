import { useCallback, useEffect, useState } from 'react';
import { REVERT_UNDO_SECONDS, type MonthDelivery, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { showRefusal } from '../deliveries/show-refusal';
import { applyDelivery } from '../deliveries/live-cache';

/** A status change that may still be undone: the row as it was, and the status it went to. */
export interface UndoableChange {
  row: SubscriptionRow;
  to: string;
}

/**
 * The Undo offered for REVERT_UNDO_SECONDS after a status change on the dashboard (a step
 * forward, or a delivered stop set back to Not Started): `offer(row, delivery)` shows it (a
 * newer offer replaces it, `offer(null)` takes it away) and `undo()` asks the server to restore
 * the delivery as it was, photo and all.
 */
export function useRevertUndo(month: MonthKey) {
  /** The change just made, while its Undo is offered. */
  const [undoable, setUndoable] = useState<UndoableChange | null>(null);
  const offer = useCallback(
    (row: SubscriptionRow | null, after?: MonthDelivery) => setUndoable(row && after ? { row, to: after.status } : null),
    [],
  );
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(null), REVERT_UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undoable]);

  const undo = useCallback(
    async (row: SubscriptionRow) => {
      setUndoable(null);
      try {
        applyDelivery(await deliveriesApi.undoRevert(row.id, month));
      } catch (e) {
        showRefusal(e);
      }
    },
    [month],
  );

  return { undoable, offer, undo };
}
