import { statusLabel, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { UndoableChange } from './use-revert-undo';

/** Says which stop just changed and offers to undo it; empty (but present, so the news is read out) otherwise. */
export function UndoBar({ undoable, onUndo }: { undoable: UndoableChange | null; onUndo: (row: SubscriptionRow) => void }) {
  return (
    <div className="undo-bar" role="status">
      {undoable && (
        <>
          <span>{`${undoable.row.firstName} ${undoable.row.lastName}'s delivery is ${undoable.to === 'not-started' ? 'back to Not Started' : `now ${statusLabel(undoable.to)}`}.`}</span>
          <button type="button" className="button button--secondary" onClick={() => onUndo(undoable.row)}>
            Undo
          </button>
        </>
      )}
    </div>
  );
}
