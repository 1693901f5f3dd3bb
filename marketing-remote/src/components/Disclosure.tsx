import type { ReactNode } from 'react';

/**
 * One question of a disclosure list, as `<details>`: it opens and closes with no script at all,
 * so a press before the page has hydrated is not lost.
 */
export function Disclosure({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="disclosure">
      <summary className="disclosure__question">
        <h2>{question}</h2>
        <span aria-hidden="true" className="disclosure__icon" />
      </summary>
      <div className="disclosure__answer">{children}</div>
    </details>
  );
}
