import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { zipCheck } from '@blooms/shared/contract/subscribe';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { useAnswer } from './use-answer';
import { accountApi } from './account-session';

type Fields = AccountSubscription['address'] & { deliveryNotes: string };

/** Where the flowers go: the server checks it as at subscribing, the delivery area included. Its heading is the caller's. */
export function ChangeAddressForm({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const initial: Fields = { ...s.address, deliveryNotes: s.deliveryNotes };
  const [fields, setFields] = useState<Fields>(initial);
  const { answer, answerTo, undo, clear } = useAnswer();
  const id = (name: keyof Fields) => `subscription-${s.id}-${name}`;
  const zip = zipCheck(fields.zip);
  const unchanged = (Object.keys(initial) as (keyof Fields)[]).every((name) => fields[name].trim() === initial[name]);

  const update = (name: keyof Fields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    clear();
    setFields({ ...fields, [name]: event.target.value });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changeTo = (body: Fields) => () => accountApi.changeAddress({ params: { id: s.id }, body });
    await answerTo(act(changeTo(fields)), ACCOUNT_DONE.address, async () => {
      const result = await act(changeTo(initial));
      if (result.ok) setFields(initial);
      return result;
    });
  };
  const input = (name: keyof Fields, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input id={id(name)} value={fields[name]} onChange={update(name)} autoComplete={autoComplete} />
    </div>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {input('address', 'Street address', 'address-line1')}
      <div className="even-grid even-grid--2">
        {input('unit', 'Apt, suite or unit (optional)', 'address-line2')}
        {input('city', 'City', 'address-level2')}
      </div>
      <div className="field">
        <label htmlFor={id('zip')}>ZIP code</label>
        <input
          id={id('zip')}
          value={fields.zip}
          onChange={update('zip')}
          maxLength={5}
          inputMode="numeric"
          autoComplete="postal-code"
          aria-describedby={`${id('zip')}-status`}
        />
        <p id={`${id('zip')}-status`} className={`zip-status zip-status--${zip.status}`} aria-live="polite">
          {zip.message}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('deliveryNotes')}>Delivery notes (optional)</label>
        <textarea id={id('deliveryNotes')} rows={3} value={fields.deliveryNotes} onChange={update('deliveryNotes')} />
      </div>
      <button type="submit" className="button button--secondary" disabled={unchanged || zip.status === 'error'}>
        Save address
      </button>
      <ActionAnswer answer={answer} onUndo={() => void undo()} />
    </form>
  );
}
