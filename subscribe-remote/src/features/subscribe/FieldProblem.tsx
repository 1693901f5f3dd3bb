import type { SubscribeProblemField } from '@blooms/shared/contract/subscribe';
import { problemId } from './use-field-problems';

/** What is wrong with a field, under it; the field names it in its aria-describedby. */
export function FieldProblem({ field, message }: { field: SubscribeProblemField; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={problemId(field)} className="field-problem">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}

/** A field's marks while it has a problem: aria-invalid, and its message among what describes it. */
export function problemProps(field: SubscribeProblemField, message: string | undefined, describedBy?: string) {
  const ids = [describedBy, message ? problemId(field) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': ids || undefined } as const;
}
