import { lifecycleNote, type Lifecycle } from '@blooms/shared/contract/lifecycle';
import { vasesOutNote } from '@blooms/shared/contract/vases';

/** Under a subscriber's name: past due, paused, cancelled or ending; nothing while it simply runs. */
export function LifecycleTag({ lifecycle }: { lifecycle: Lifecycle }) {
  const note = lifecycleNote(lifecycle);
  return note ? <span className={`lifecycle-tag lifecycle-tag--${lifecycle.status}`}>{note}</span> : null;
}

/** Under an ending or ended subscriber's name, while a vase is still to be collected. */
export function VasesTag({ lifecycle, vasesOut }: { lifecycle: Lifecycle; vasesOut: number }) {
  const note = vasesOutNote(lifecycle, vasesOut);
  return note ? <span className="lifecycle-tag">{note}</span> : null;
}
