import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Where a dragged item came from and the place it would drop into. */
export interface DragState {
  from: number;
  over: number;
}

/** The list as it looks while an item is dragged: the item moved from its place to the one it is over. */
export function previewOrder<T>(items: readonly T[], drag: DragState | null): T[] {
  if (!drag || drag.from === drag.over) return [...items];
  const moved = [...items];
  const [item] = moved.splice(drag.from, 1);
  moved.splice(drag.over, 0, item!);
  return moved;
}

/** Where an item of the list sat when the drag began, top and bottom from the top of the page. */
export interface Slot {
  top: number;
  bottom: number;
}

/**
 * The place a dragged item would drop into with the pointer at `y` (from the top of the page):
 * the place whose item was there when the drag began; the first above the list, the last below
 * it; null in a gap between items (the place stays as it was). The places are those of the list
 * as it was, not as the preview shows it: items of different heights trade places under the
 * pointer, and judged by the preview the pointer would be over the other item again at once,
 * sending the dragged one back and forth with each move.
 */
export function placeAt(slots: readonly Slot[], y: number): number | null {
  if (slots.length === 0) return null;
  if (y < slots[0]!.top) return 0;
  if (y > slots.at(-1)!.bottom) return slots.length - 1;
  const index = slots.findIndex((slot) => y >= slot.top && y <= slot.bottom);
  return index < 0 ? null : index;
}

/**
 * Reordering a one-column list by dragging a handle, with a mouse, a pen or a finger (pointer
 * events, so the page does not scroll under a finger: the handle has touch-action: none). Each
 * item carries data-drag-index with its place as shown; dropping calls onDrop(from, to). While a
 * drag is on, the window follows the pointer, wherever it goes. Keyboards and screen readers use
 * the up and down buttons instead.
 */
export function useDragReorder(onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const dropped = useRef(onDrop);
  dropped.current = onDrop;
  // Ends a drag in progress: its window listeners go when it ends or the list goes.
  const end = useRef<(() => void) | null>(null);
  useEffect(() => () => end.current?.(), []);

  // The same function on every render (it uses only refs and the state setter), so memoised items keep their props.
  const start = useCallback((from: number) => {
    end.current?.();
    let current: DragState = { from, over: from };
    setDrag(current);
    // Listening from the pointerdown itself: a quick drag can be over before React renders.
    // The place at the pointer's height (the list is one column), by the items' boxes as they
    // were before the preview moved any (placeAt): an overlay or the dragged item itself in the
    // way does not hide it, and the page scrolling under the pointer is allowed for.
    const slots = [...document.querySelectorAll<HTMLElement>('[data-drag-index]')]
      .sort((a, b) => Number(a.dataset.dragIndex) - Number(b.dataset.dragIndex))
      .map((item): Slot => {
        const box = item.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
      });
    const follow = (event: PointerEvent) => {
      const over = placeAt(slots, event.clientY + window.scrollY);
      if (over === null || over === current.over) return;
      current = { ...current, over };
      setDrag(current);
    };
    const stop = () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', drop);
      window.removeEventListener('pointercancel', stop);
      end.current = null;
      setDrag(null);
    };
    const drop = () => {
      stop();
      if (current.over !== current.from) dropped.current(current.from, current.over);
    };
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', drop);
    window.addEventListener('pointercancel', stop);
    end.current = stop;
  }, []);

  const handleProps = useCallback(
    (index: number) => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.preventDefault();
        start(index);
      },
    }),
    [start],
  );

  return { drag, handleProps };
}
