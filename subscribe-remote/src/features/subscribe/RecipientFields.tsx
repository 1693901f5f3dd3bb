import type { SubscribeFormState } from './use-subscribe-form';
import { TextField } from './TextField';

/** Who receives the flowers. */
export function RecipientFields({ state }: { state: SubscribeFormState }) {
  return (
    <fieldset>
      <legend>Who receives the flowers</legend>
      <div className="subscribe-form__row even-grid even-grid--2">
        <TextField state={state} name="firstName" label="First name" autoComplete="given-name" />
        <TextField state={state} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <div className="subscribe-form__row even-grid even-grid--2">
        <TextField state={state} name="email" label="Email" type="email" autoComplete="email" />
        <TextField state={state} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
      </div>
    </fieldset>
  );
}
