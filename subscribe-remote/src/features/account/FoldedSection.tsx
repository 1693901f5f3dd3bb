import { useState, type ReactNode } from 'react';

/**
 * A section whose heading is a button that opens and closes it (a disclosure). The heading names
 * the section either way; what is inside stays mounted while closed, so a half-filled form and
 * the answer to a change are still there when it opens again.
 */
export function FoldedSection({
  id,
  title,
  initiallyOpen = false,
  children,
}: {
  id: string;
  title: string;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section aria-labelledby={id} className="folded">
      <h3 className="folded__heading">
        <button
          id={id}
          type="button"
          className="folded__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          {title}
        </button>
      </h3>
      <div id={`${id}-panel`} className="folded__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
