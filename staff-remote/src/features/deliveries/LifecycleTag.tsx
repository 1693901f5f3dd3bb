import { lifecycleNote, type Lifecycle } from '@blooms/shared/contract/lifecycle';

/** Under a subscriber's name: past due, paused, cancelled or ending; nothing while it simply runs. */
export function LifecycleTag({ lifecycle }: { lifecycle: Lifecycle }) {
  const note = lifecycleNote(lifecycle);
  return note ? <span className={`lifecycle-tag lifecycle-tag--${lifecycle.status}`}>{note}</span> : null;
}
