import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';

/** Says which stop was just set back to Not Started and offers to undo it; empty (but present, so the news is read out) otherwise. */
export function UndoBar({ undoable, onUndo }: { undoable: SubscriptionRow | null; onUndo: (row: SubscriptionRow) => void }) {
  return (
    <div className="undo-bar" role="status">
      {undoable && (
        <>
          <span>
            {undoable.firstName} {undoable.lastName}&apos;s delivery is back to Not Started.
          </span>
          <button type="button" className="button button--secondary" onClick={() => onUndo(undoable)}>
            Undo
          </button>
        </>
      )}
    </div>
  );
}
