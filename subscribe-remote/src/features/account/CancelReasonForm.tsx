import { useState } from 'react';
import { CANCEL_OTHER_MAX, CANCEL_REASONS, type CancelReason } from '@blooms/shared/contract/account';

/** Why are you cancelling: the short list, and "other" in the subscriber's own words. */
export function CancelReasonForm({
  id,
  onChosen,
  onKeep,
}: {
  id: string;
  onChosen: (reason: CancelReason, otherText: string) => void;
  onKeep: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [otherText, setOtherText] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) onChosen(reason, otherText.trim());
        else setMissing(true);
      }}
    >
      <fieldset className="account__reasons" aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend>Why are you cancelling?</legend>
        {CANCEL_REASONS.map((choice) => (
          <label key={choice.id} className="plan-option">
            <input
              type="radio"
              name={`${id}-reason`}
              value={choice.id}
              checked={reason === choice.id}
              onChange={() => {
                setReason(choice.id);
                setMissing(false);
              }}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {reason === 'other' && (
          <div className="field">
            <label htmlFor={`${id}-other`}>Tell us more (optional)</label>
            <textarea
              id={`${id}-other`}
              rows={2}
              maxLength={CANCEL_OTHER_MAX}
              value={otherText}
              onChange={(event) => setOtherText(event.target.value)}
            />
          </div>
        )}
        {missing && (
          <p id={`${id}-missing`} role="alert" className="account__error">
            Choose why you are cancelling.
          </p>
        )}
      </fieldset>
      <p className="account__actions">
        <button type="submit" className="button button--secondary">
          Continue
        </button>
        <button type="button" className="button" onClick={onKeep}>
          Keep my subscription
        </button>
      </p>
    </form>
  );
}
