import { useEffect, useRef, useState } from 'react';
import type { AccountSubscription, CancelReason } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { cancelRefundText } from '@blooms/shared/contract/billing';
import { CANCEL_EXPLAINED } from '@blooms/shared/contract/site';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { accountApi } from './account-session';
import { CancelReasonForm } from './CancelReasonForm';
import { offerFor } from './cancel-offer';
import { useAnswer } from './use-answer';

/** The section's heading, where the account's short list of links leads. */
export const cancelHeadingId = (subscriptionId: string) => `subscription-${subscriptionId}-cancel`;

type Step = { kind: 'closed' } | { kind: 'why' } | { kind: 'offer' | 'confirm'; reason: CancelReason; otherText: string };

/** Cancelling: why, then a skip or a pause instead where one fits, then a confirmation naming the last delivery. */
export function CancelSection({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const { answer, answerTo, undo } = useAnswer();
  const id = cancelHeadingId(s.id);
  const stepRef = useRef<HTMLDivElement>(null);
  // Each step replaces the last: the focus goes to it, so a keyboard or screen reader user is not left on a button that is gone.
  useEffect(() => {
    if (step.kind !== 'closed') stepRef.current?.focus();
  }, [step.kind]);
  const offer = step.kind === 'offer' ? offerFor(s, step.reason) : null;

  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Cancel</h3>
      {step.kind === 'closed' && <p className="subscribe-form__hint">{CANCEL_EXPLAINED}</p>}
      {step.kind === 'closed' && (
        <button type="button" className="button button--secondary" onClick={() => setStep({ kind: 'why' })}>
          Cancel subscription
        </button>
      )}
      {step.kind !== 'closed' && (
        <div
          ref={stepRef}
          tabIndex={-1}
          className="account__step"
          role="group"
          aria-label={step.kind === 'confirm' ? 'Confirm cancelling' : 'Cancelling'}
        >
          {step.kind === 'why' && (
            <CancelReasonForm
              id={id}
              onKeep={() => setStep({ kind: 'closed' })}
              onChosen={(reason, otherText) => setStep({ kind: offerFor(s, reason) ? 'offer' : 'confirm', reason, otherText })}
            />
          )}
          {step.kind === 'offer' && offer && (
            <>
              <p>{offer.why}</p>
              <p className="account__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    void answerTo(act(offer.make), offer.done, () => act(offer.undo)).then((done) => done && setStep({ kind: 'closed' }))
                  }
                >
                  {offer.label}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setStep({ ...step, kind: 'confirm' })}>
                  No thanks, cancel
                </button>
              </p>
            </>
          )}
          {step.kind === 'confirm' && (
            <>
              <p>
                {s.lastDeliveryIfCancelled
                  ? `Your last delivery would be ${formatDeliveryDate(s.lastDeliveryIfCancelled, { withYear: true })}: it is paid for or too close to change. Nothing after it is delivered or charged.`
                  : 'Nothing more would be delivered or charged.'}
                {s.refundIfCancelledCents > 0 && ` ${cancelRefundText(s.refundIfCancelledCents, s.giftTerms?.prepaid ?? false)}`}
              </p>
              <p className="account__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    void answerTo(
                      act(() => accountApi.cancel({ params: { id: s.id }, body: { reason: step.reason, otherText: step.otherText } })),
                      'Your subscription is cancelled. We e-mailed you the change.',
                    ).then((done) => done && setStep({ kind: 'closed' }))
                  }
                >
                  Yes, cancel my subscription
                </button>
                <button type="button" className="button button--secondary" onClick={() => setStep({ kind: 'closed' })}>
                  Keep it
                </button>
              </p>
            </>
          )}
        </div>
      )}
      <ActionAnswer answer={answer} onUndo={() => void undo()} />
    </section>
  );
}
