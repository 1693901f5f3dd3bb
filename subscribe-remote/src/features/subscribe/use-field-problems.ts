import { useMemo, useState } from 'react';
import { subscribeFieldProblems, type SubscribeForm, type SubscribeProblemField } from '@blooms/shared/contract/subscribe';

export type FieldProblems = Partial<Record<SubscribeProblemField, string>>;

/**
 * The fields marked wrong under the form. Nothing is marked until Subscribe is pressed; then
 * every field the rules refuse is, and each mark follows its field as it is typed in, so a
 * corrected field clears at once. The next press marks afresh.
 */
export function useFieldProblems(form: SubscribeForm): { shown: FieldProblems; markAll: () => void } {
  const [marked, setMarked] = useState<ReadonlySet<SubscribeProblemField>>(() => new Set());
  const current = useMemo(() => subscribeFieldProblems(form), [form]);
  const shown = useMemo(
    () => Object.fromEntries(Object.entries(current).filter(([field]) => marked.has(field as SubscribeProblemField))) as FieldProblems,
    [current, marked],
  );
  const markAll = () => setMarked(new Set(Object.keys(current) as SubscribeProblemField[]));
  return { shown, markAll };
}

/** The id of a field's message, for the field's aria-describedby. */
export const problemId = (field: SubscribeProblemField) => `subscribe-${field}-problem`;
