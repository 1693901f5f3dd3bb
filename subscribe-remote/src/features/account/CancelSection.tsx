import { useState } from 'react';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { useAnswer } from './use-answer';

/** Cancelling, after a confirmation that names the last delivery; a refusal is answered here. */
export function CancelSection({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const [confirming, setConfirming] = useState(false);
  const { answer, answerTo } = useAnswer();
  const id = `subscription-${s.id}-cancel`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Cancel</h3>
      {confirming ? (
        <div role="group" aria-label="Confirm cancelling">
          <p>
            {s.lastDeliveryIfCancelled
              ? `Your last delivery would be ${formatDeliveryDate(s.lastDeliveryIfCancelled, { withYear: true })}: it is paid for or too close to change. Nothing after it is delivered or charged.`
              : 'Nothing more would be delivered or charged.'}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void answerTo(act(`/api/account/subscriptions/${s.id}/cancel`, 'POST'), 'Your subscription is cancelled. We e-mailed you the change.').then((done) => done && setConfirming(false))}
          >
            Yes, cancel my subscription
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          Cancel subscription
        </button>
      )}
      <ActionAnswer answer={answer} />
    </section>
  );
}
