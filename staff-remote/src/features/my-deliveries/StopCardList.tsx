import { useMemo, useRef, useState, type HTMLAttributes } from 'react';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { StopCard } from '../deliveries/StopCard';
import { previewOrder, type DragState } from '../deliveries/use-drag-reorder';

interface Props {
  month: MonthKey;
  rows: SubscriptionRow[];
  /** The stop being dragged and the place it is over, if any. */
  dragging: DragState | null;
  dragHandle: (index: number) => HTMLAttributes<HTMLSpanElement>;
  /** Whether this stop has a change on its way (its buttons wait). */
  isBusy: (row: SubscriptionRow) => boolean;
  onOutForDelivery: (row: SubscriptionRow) => void;
  onDelivered: (row: SubscriptionRow) => void;
  onMove: (from: number, to: number) => void;
  /** Every button waits (a list kept on the device, shown until the live one comes). */
  locked?: boolean;
}

/** A driver's stops on a phone: one card per stop, in route order, with big buttons. */
export function StopCardList(props: Props) {
  const { month, rows, dragging, dragHandle, isBusy, locked = false } = props;
  // Whether directions open Apple Maps rather than Google Maps.
  const apple = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);
  // Said to screen readers after Move up / Move down: the card moves away from where focus was.
  const [moved, setMoved] = useState('');
  // The cards get the same callbacks on every render (calling the latest props), so a card whose
  // stop did not change is not drawn again (StopCard is memoised).
  const latest = useRef(props);
  latest.current = props;
  const on = useMemo(
    () => ({
      outForDelivery: (row: SubscriptionRow) => latest.current.onOutForDelivery(row),
      delivered: (row: SubscriptionRow) => latest.current.onDelivered(row),
      move: (row: SubscriptionRow, index: number, by: -1 | 1) => {
        latest.current.onMove(index, index + by);
        setMoved(`${row.firstName} ${row.lastName} is now stop ${index + by + 1} of ${latest.current.rows.length}.`);
      },
    }),
    [],
  );
  return (
    <>
      <p className="visually-hidden" role="status">
        {moved}
      </p>
      <ol className="stop-cards" aria-label={`Your stops in ${formatMonth(month)}, in route order`}>
        {previewOrder(rows, dragging).map((row, index) => (
          <StopCard
            key={row.id}
            row={row}
            stop={index + 1}
            stops={rows.length}
            apple={apple}
            busy={isBusy(row)}
            locked={locked}
            dragged={dragging !== null && dragging.over === index}
            dragHandle={dragHandle}
            onOutForDelivery={on.outForDelivery}
            onDelivered={on.delivered}
            onMove={on.move}
          />
        ))}
      </ol>
    </>
  );
}
