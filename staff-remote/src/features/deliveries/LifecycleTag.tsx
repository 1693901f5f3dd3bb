import { lifecycleNote, type Lifecycle } from '@blooms/shared/contract/lifecycle';
import { vasesOutNote } from '@blooms/shared/contract/vases';
import { giftProgressText } from '@blooms/shared/contract/gifts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';

/** Under a subscriber's name: past due, paused, cancelled or ending, and a gift's deliveries left; nothing while it simply runs. */
export function LifecycleTag({ lifecycle, gift }: { lifecycle: Lifecycle; gift?: SubscriptionRow['gift'] }) {
  const note = lifecycleNote(lifecycle);
  return (
    <>
      {note && <span className={`lifecycle-tag lifecycle-tag--${lifecycle.status}`}>{note}</span>}
      {gift && <span className="lifecycle-tag lifecycle-tag--gift">{giftProgressText(gift.delivery, gift.of)}</span>}
    </>
  );
}

/** Under an ending or ended subscriber's name, while a vase is still to be collected. */
export function VasesTag({ lifecycle, vasesOut }: { lifecycle: Lifecycle; vasesOut: number }) {
  const note = vasesOutNote(lifecycle, vasesOut);
  return note ? <span className="lifecycle-tag">{note}</span> : null;
}
