import { useState, type FormEvent } from 'react';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { normalizeUsPhone, TEXT_CONSENT_LABEL, TEXT_CONSENT_WORDING, TEXT_MESSAGES, textStateLine } from '@blooms/shared/contract/texts';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { useAnswer } from './use-answer';
import { accountApi } from './account-session';

/**
 * Delivery-day texts, opened beside the next delivery: where they stand ("Texts: off, you
 * replied STOP on …"), and the way to turn them on (a box of its own, unticked, with the number
 * and the consent wording) or off. Absent with a server that has no texts.
 */
export function TextsSection({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const [ticked, setTicked] = useState(false);
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { answer, answerTo, clear } = useAnswer();
  if (!s.texts) return null;
  const on = s.texts.state === 'on';
  const id = (name: string) => `subscription-${s.id}-texts-${name}`;

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    if (!normalizeUsPhone(phone)) return setProblem(TEXT_MESSAGES.invalidPhone);
    setProblem(null);
    const done = await answerTo(
      act(() => accountApi.setTexts({ params: { id: s.id }, body: { texts: 'on', phone, wording: TEXT_CONSENT_WORDING } })),
      'Texts are on.',
    );
    if (done) setTicked(false);
  };
  const turnOff = () =>
    answerTo(
      act(() => accountApi.setTexts({ params: { id: s.id }, body: { texts: 'off' } })),
      'Texts are off.',
    );

  return (
    <div className="account__texts">
      <p className="account__texts-state">{textStateLine(s.texts)}</p>
      {on ? (
        <button type="button" className="button button--secondary" onClick={() => void turnOff()}>
          Turn off texts
        </button>
      ) : (
        <form onSubmit={(event) => void turnOn(event)} noValidate>
          <label className="plan-option">
            <input
              type="checkbox"
              checked={ticked}
              onChange={(e) => {
                clear();
                setTicked(e.target.checked);
              }}
              aria-describedby={id('consent')}
            />
            <span>{TEXT_CONSENT_LABEL}</span>
          </label>
          <p id={id('consent')} className="subscribe-form__hint">
            {TEXT_CONSENT_WORDING}
          </p>
          {ticked && (
            <>
              <div className="field">
                <label htmlFor={id('phone')}>Mobile number for texts</label>
                <input
                  id={id('phone')}
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? id('problem') : undefined}
                />
                {problem && (
                  <p id={id('problem')} className="field-problem">
                    {problem}
                  </p>
                )}
              </div>
              <button type="submit" className="button button--secondary">
                Turn on texts
              </button>
            </>
          )}
        </form>
      )}
      <ActionAnswer answer={answer} />
    </div>
  );
}
