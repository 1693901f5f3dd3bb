import type { AccountSubscription } from '@blooms/shared/contract/account';
import type { Act } from './act';
import { cancelHeadingId } from './CancelSection';
import { ChangeAddressForm } from './ChangeAddressForm';
import { comingHeadingId } from './ComingMonths';
import { FoldedSection } from './FoldedSection';
import { PauseSection } from './PauseSection';
import { paymentsHeadingId } from './Payments';

/** Beside the next delivery: pausing and the address, each opened in place, and links to the rest of the subscription. */
export function AccountActions({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const open = s.status !== 'cancelled' && s.status !== 'complete';
  return (
    <div className="account-actions">
      {open && (
        <>
          {/* Open from the start while paused: how long, and Resume, are the first thing to see. */}
          <FoldedSection id={`subscription-${s.id}-pause-heading`} title="Pause" initiallyOpen={s.pausedFrom !== null}>
            <PauseSection subscription={s} act={act} />
          </FoldedSection>
          <FoldedSection id={`subscription-${s.id}-address-heading`} title="Change address">
            <ChangeAddressForm subscription={s} act={act} />
          </FoldedSection>
        </>
      )}
      <ul className="account-jump" aria-label="More of this subscription">
        <li>
          <a href={`#${comingHeadingId(s.id)}`}>Coming months</a>
        </li>
        <li>
          <a href={`#${paymentsHeadingId(s.id)}`}>Payments and receipts</a>
        </li>
        {open && (
          <li>
            <a href={`#${cancelHeadingId(s.id)}`}>Cancel your subscription</a>
          </li>
        )}
      </ul>
    </div>
  );
}
