import { useMemo, useRef, useState, type HTMLAttributes } from 'react';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { StopCard } from '../deliveries/StopCard';
import { previewOrder, type DragState } from '../deliveries/use-drag-reorder';
import { canMove, isDone, nextStop, routeAfterMove, workOrder } from './day-progress';

interface Props {
  month: MonthKey;
  /** The stops in route order; they are shown next stop first, the finished ones last (day-progress.ts). */
  rows: SubscriptionRow[];
  /** The stop being dragged (places in the list as shown) and the place it is over, if any. */
  dragging: DragState | null;
  dragHandle: (index: number) => HTMLAttributes<HTMLSpanElement>;
  /** Whether this stop has a change on its way (its buttons wait). */
  isBusy: (row: SubscriptionRow) => boolean;
  onOutForDelivery: (row: SubscriptionRow) => void;
  onDelivered: (row: SubscriptionRow) => void;
  /** "Could not deliver": asks why, then sends it or keeps it on the device. */
  onCouldNotDeliver: (row: SubscriptionRow) => void;
  /** Moves the stop shown at place `from` to place `to` (places in the list as shown). */
  onMove: (from: number, to: number) => void;
  /** Every button waits (a list kept on the device, shown until the live one comes). */
  locked?: boolean;
}

/** A driver's stops on a phone: one compact card per stop, the next stop first, with big buttons. */
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
      couldNotDeliver: (row: SubscriptionRow) => latest.current.onCouldNotDeliver(row),
      move: (row: SubscriptionRow, place: number, by: -1 | 1) => {
        const route = routeAfterMove(latest.current.rows, place, place + by);
        latest.current.onMove(place, place + by);
        setMoved(`${row.firstName} ${row.lastName} is now stop ${route.indexOf(row.id) + 1} of ${route.length}.`);
      },
    }),
    [],
  );
  const work = useMemo(() => workOrder(rows), [rows]);
  const next = nextStop(rows);
  // Each stop's number in the route; while a stop is dragged, as the route would be if it were dropped there.
  const routePlace = useMemo(() => {
    const route = dragging ? routeAfterMove(rows, dragging.from, dragging.over) : rows.map((row) => row.id);
    return new Map(route.map((id, index) => [id, index + 1]));
  }, [rows, dragging]);
  return (
    <>
      <p className="visually-hidden" role="status">
        {moved}
      </p>
      <ol className="stop-cards" aria-label={`Your stops in ${formatMonth(month)}, in route order, the next one first`}>
        {previewOrder(work, dragging).map((row, place) => (
          <StopCard
            key={row.id}
            row={row}
            stop={routePlace.get(row.id)!}
            stops={rows.length}
            place={place}
            next={row === next}
            done={isDone(row)}
            canMoveUp={canMove(work, place, -1)}
            canMoveDown={canMove(work, place, 1)}
            apple={apple}
            busy={isBusy(row)}
            locked={locked}
            dragged={dragging !== null && dragging.over === place}
            dragHandle={dragHandle}
            onOutForDelivery={on.outForDelivery}
            onDelivered={on.delivered}
            onCouldNotDeliver={on.couldNotDeliver}
            onMove={on.move}
          />
        ))}
      </ol>
    </>
  );
}
