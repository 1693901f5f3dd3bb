import { useState, type ReactNode } from 'react';

/** How many of a long history show before "Show … earlier": a year of payments would fill several phone screens. */
export const SHOWN_AT_FIRST = 3;

/**
 * A history list, newest first, whose older items wait behind a button (a disclosure), so the
 * sections under it stay within reach of the thumb. Opening it keeps the focus on the button.
 */
export function NewestFirst<T>({
  id,
  items,
  keyOf,
  className,
  earlierLabel,
  children,
}: {
  id: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  className: string;
  /** The button's words for `count` hidden items: "Show 9 earlier payments". */
  earlierLabel: (count: number) => string;
  children: (item: T) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const earlier = items.length - SHOWN_AT_FIRST;
  const shown = open || earlier <= 0 ? items : items.slice(0, SHOWN_AT_FIRST);
  return (
    <>
      <ul className={className} id={id}>
        {shown.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      {earlier > 0 && (
        <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show only the latest' : earlierLabel(earlier)}
        </button>
      )}
    </>
  );
}
