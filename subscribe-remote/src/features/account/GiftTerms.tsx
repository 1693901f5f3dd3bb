import { Link } from 'react-router-dom';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { deliveriesText, GIFT_END_RULE, isGiftDeliveries } from '@blooms/shared/contract/gifts';
import { formatMonth, monthsSelected } from '@blooms/shared/contract/months';
import { SUBSCRIBE_PATH } from '@blooms/shared/contract/routes';
import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import { saveForm } from '../subscribe/saved-form';

/** "A gift of 3 deliveries, paid up front: 2 left, the last in June 2026." */
function termsLine(s: AccountSubscription): string | null {
  const terms = s.giftTerms;
  if (!terms || terms.deliveries === 0) return null;
  const how = `A gift of ${deliveriesText(terms.deliveries)}, ${terms.prepaid ? 'paid up front' : 'paid as each one comes'}`;
  if (s.status === 'complete') return `${how}: all made.`;
  if (s.status === 'cancelled') return `${how}: cancelled.`;
  const last = terms.lastMonth ? `, the last in ${formatMonth(terms.lastMonth)}` : '';
  return `${how}: ${terms.left} left${last}. ${GIFT_END_RULE}`;
}

/** The subscribe form filled in for the same recipient, from the same buyer, with the same plan and gift. */
function continuedGift(s: AccountSubscription): SubscribeForm {
  const contact = s.giftTerms!.continueWith;
  const deliveries = s.giftTerms!.deliveries;
  return {
    ...EMPTY_SUBSCRIBE_FORM,
    ...contact,
    ...s.address,
    deliveryNotes: s.deliveryNotes,
    plan: s.plan,
    selectedMonths: monthsSelected(s.months),
    gift: true,
    giftDeliveries: isGiftDeliveries(deliveries) ? deliveries : 0,
    giftPayment: s.giftTerms!.prepaid ? 'prepaid' : 'per-delivery',
  };
}

/** A gift's length, payment and deliveries left; once it has ended, a way to give it again. */
export function GiftTerms({ subscription: s }: { subscription: AccountSubscription }) {
  const line = termsLine(s);
  const ended = s.status === 'complete' || s.status === 'cancelled';
  if (!s.giftTerms || (!line && !ended)) return null;
  return (
    <div className="account__gift">
      {line && <p>{line}</p>}
      {ended && (
        <p>
          <Link className="button" to={SUBSCRIBE_PATH} onClick={() => saveForm(continuedGift(s))}>
            Continue the gift for {s.recipient}
          </Link>
        </p>
      )}
    </div>
  );
}
