import { useId, useState, type KeyboardEvent } from 'react';

/**
 * A figure's definition one tap away: a button that shows and hides it under the figure (a
 * disclosure: Enter or Space opens and closes it, Escape closes it and keeps focus on the button).
 */
export function Definition({ of, text }: { of: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  return (
    <div className="figures-definition">
      <button
        type="button"
        className="figures-definition__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`How it’s counted: ${of}`}
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
      >
        How it’s counted
      </button>
      <p id={id} className="figures-definition__text" hidden={!open}>
        {text}
      </p>
    </div>
  );
}
