import type { ReactNode } from 'react';

/**
 * One question of a disclosure list, as `<details>`: it opens and closes with no script at all,
 * so a press before the page has hydrated is not lost.
 */
export function Disclosure({ question, level = 2, children }: { question: string; level?: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <details className="disclosure">
      <summary className="disclosure__question">
        <Heading>{question}</Heading>
        <span aria-hidden="true" className="disclosure__icon" />
      </summary>
      <div className="disclosure__answer">{children}</div>
    </details>
  );
}
