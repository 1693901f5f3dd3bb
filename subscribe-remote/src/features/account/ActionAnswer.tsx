import { useEffect, useRef } from 'react';
import type { Answer } from './use-answer';

/**
 * The answer next to the card or form the change was made in. The live region is always there,
 * so screen readers announce each new answer; when the button pressed went away with the change
 * (a month that can no longer be changed), the answer takes the focus instead of the page's top.
 * takeFocus: the answer always takes it (the button pressed now does something else).
 */
export function ActionAnswer({ answer, onUndo, takeFocus = false }: { answer: Answer | null; onUndo?: () => void; takeFocus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (answer && (takeFocus || !focused || focused === document.body)) ref.current?.focus();
  }, [answer, takeFocus]);
  return (
    <div className="account__answer" aria-live="polite">
      {answer && (
        <p ref={ref} tabIndex={-1} className={`account__answer-text account__answer-text--${answer.tone}`}>
          <span>{answer.text}</span>
          {answer.undo && onUndo && (
            <button type="button" className="button button--secondary account__undo" onClick={onUndo}>
              Undo
            </button>
          )}
        </p>
      )}
    </div>
  );
}
