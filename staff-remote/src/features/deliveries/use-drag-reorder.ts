import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

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

  const start = (from: number) => {
    end.current?.();
    let current: DragState = { from, over: from };
    setDrag(current);
    // Listening from the pointerdown itself: a quick drag can be over before React renders.
    // The item at the pointer's height (the list is one column), found by the items' boxes: an
    // overlay or the dragged item itself in the way does not hide it.
    const follow = (event: PointerEvent) => {
      const target = [...document.querySelectorAll<HTMLElement>('[data-drag-index]')].find((item) => {
        const box = item.getBoundingClientRect();
        return event.clientY >= box.top && event.clientY <= box.bottom;
      });
      if (!target || Number(target.dataset.dragIndex) === current.over) return;
      current = { ...current, over: Number(target.dataset.dragIndex) };
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
  };

  const handleProps = (index: number) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      start(index);
    },
  });

  return { drag, handleProps };
}
