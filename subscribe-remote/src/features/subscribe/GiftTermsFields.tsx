import { memo } from 'react';
import {
  GIFT_DELIVERY_CHOICES,
  GIFT_END_RULE,
  GIFT_LENGTH_RULE,
  GIFT_PAYMENTS,
  GIFT_PREPAID_RULE,
  giftLengthLabel,
  giftPaymentLabel,
  type GiftLength,
} from '@blooms/shared/contract/gifts';
import type { SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { SubscribeFormState } from './use-subscribe-form';
import { PlanOption } from './PlanOption';

type Props = Pick<SubscribeForm, 'giftDeliveries' | 'giftPayment'> & Pick<SubscribeFormState, 'setGiftTerms'>;

/**
 * How long a gift lasts and how it is paid, with the owner's rules beside the choice. The
 * payment is on the page while hidden, so that choosing a length shows it at once (subscribe.css).
 */
export const GiftTermsFields = memo(function GiftTermsFields({ giftDeliveries, giftPayment, setGiftTerms }: Props) {
  const length: GiftLength = giftDeliveries === 0 ? 3 : giftDeliveries;
  return (
    <>
      <fieldset className="gift-terms">
        <legend>How long the gift lasts</legend>
        <div className="gift-terms__choices">
          {GIFT_DELIVERY_CHOICES.map((choice) => (
            <PlanOption
              key={choice}
              name="giftDeliveries"
              value={choice}
              checked={giftDeliveries === choice}
              onChoose={() => setGiftTerms({ giftDeliveries: choice })}
            >
              {giftLengthLabel(choice)}
            </PlanOption>
          ))}
        </div>
        <p className="subscribe-form__hint">{GIFT_LENGTH_RULE}</p>
      </fieldset>
      <fieldset className="gift-terms gift-payment" hidden={giftDeliveries === 0}>
        <legend>How you pay for it</legend>
        {GIFT_PAYMENTS.map((payment) => (
          <PlanOption
            key={payment}
            name="giftPayment"
            value={payment}
            checked={giftPayment === payment}
            onChoose={() => setGiftTerms({ giftPayment: payment })}
          >
            {giftPaymentLabel(payment, length)}
          </PlanOption>
        ))}
        <p className="subscribe-form__hint">
          {GIFT_PREPAID_RULE} {GIFT_END_RULE}
        </p>
      </fieldset>
    </>
  );
});
