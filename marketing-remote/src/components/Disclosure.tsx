import { useState, type ReactNode } from 'react';

/** An id made from the question, the same when prerendered and in the browser (useId is not: the page is prerendered in parts). */
const answerId = (question: string) => `answer-${question.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** One question of a disclosure list: a heading button that shows or hides its answer. */
export function Disclosure({ question, level = 2, children }: { question: string; level?: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState(false);
  const id = answerId(question);
  return (
    <div className="disclosure">
      <Heading className="disclosure__question">
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span>{question}</span>
          <span aria-hidden="true" className="disclosure__icon">{open ? '−' : '+'}</span>
        </button>
      </Heading>
      <div id={id} className="disclosure__answer" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
