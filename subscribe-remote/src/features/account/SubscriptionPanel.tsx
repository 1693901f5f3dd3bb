import type { AccountSubscription } from '@blooms/shared/contract/account';
import { accountPlanLabel } from '@blooms/shared/contract/gifts';
import type { Act } from './act';
import { AccountActions } from './AccountActions';
import { CancelSection } from './CancelSection';
import { CardSection } from './CardSection';
import { ChangeMonthsForm, monthsHeadingId } from './ChangeMonthsForm';
import { ComingMonths } from './ComingMonths';
import { NextDelivery } from './NextDelivery';
import { PastDeliveries, Payments } from './Payments';
import { FoldedSection } from './FoldedSection';
import { TextsSection } from './TextsSection';
import { GiftTerms } from './GiftTerms';

/**
 * One subscription, leading with what matters: the next delivery and the changes made most, then
 * the coming months a line each, payments, cancelling, and the deliveries made. Each change
 * answers in place.
 */
export function SubscriptionPanel({
  subscription: s,
  updateCard,
  act,
}: {
  subscription: AccountSubscription;
  updateCard: ((id: string) => Promise<string | null>) | null;
  act: Act;
}) {
  const open = s.status !== 'cancelled' && s.status !== 'complete';
  const headingId = `subscription-${s.id}`;
  const custom = open && s.plan === 'custom';
  return (
    <article className="account__subscription" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {accountPlanLabel(s)}
        {s.gift ? `, for ${s.recipient}` : ''}
      </h2>
      <p className="account__status">
        <strong>{s.statusLabel}</strong> · Delivering to {s.deliverTo}
      </p>
      <GiftTerms subscription={s} />
      {s.status === 'past-due' && (
        <p className="account__error">
          The last charge to your card did not go through, so your deliveries are on hold. Your card is tried again once a day until the
          delivery day{updateCard ? '; or use another card below.' : '.'}
        </p>
      )}
      {s.status === 'needs-authentication' && (
        <p className="account__error">
          Your bank asks you to confirm the last charge before it goes through, so your deliveries are on hold. Open the link in the e-mail
          “Please confirm your Monthly Blooms payment” to confirm it; the card is not tried again meanwhile.
        </p>
      )}
      {s.status === 'disputed' && (
        <p className="account__error">
          A payment to Monthly Blooms is disputed with your bank, so your deliveries are on hold until the dispute is settled. If it is a
          mistake, tell your bank or get in touch with us.
        </p>
      )}
      <div className="account__lead">
        <NextDelivery subscription={s} act={act} />
        <AccountActions subscription={s} act={act} />
      </div>
      {open && s.texts && (
        <FoldedSection id={`subscription-${s.id}-texts-heading`} title={`Delivery-day texts: ${s.texts.state}`}>
          <TextsSection subscription={s} act={act} />
        </FoldedSection>
      )}
      <ComingMonths subscription={s} act={act} monthsFormId={custom ? monthsHeadingId(s.id) : null} />
      {custom && <ChangeMonthsForm subscription={s} act={act} />}
      <Payments subscription={s}>{updateCard && open && <CardSection subscriptionId={s.id} updateCard={updateCard} />}</Payments>
      {open && <CancelSection subscription={s} act={act} />}
      <PastDeliveries subscription={s} />
    </article>
  );
}
