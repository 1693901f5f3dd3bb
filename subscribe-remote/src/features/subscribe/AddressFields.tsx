import { zipCheck } from '@blooms/shared/contract/subscribe';
import type { SubscribeFormState } from './use-subscribe-form';
import { TextField } from './TextField';
import { FieldProblem, problemProps } from './FieldProblem';

/** Where the flowers go: the address (with suggestions when a Maps key is set), the ZIP checked against the area. */
export function AddressFields({ state }: { state: SubscribeFormState }) {
  const { form, update, addressRef, problems } = state;
  const zip = zipCheck(form.zip);
  return (
    <fieldset>
      <legend>Where we deliver</legend>
      <div className="field">
        <label htmlFor="subscribe-address">Street address</label>
        <input
          id="subscribe-address"
          ref={addressRef}
          name="address"
          value={form.address}
          onChange={update('address')}
          autoComplete="address-line1"
          {...problemProps('address', problems.address)}
        />
        <FieldProblem field="address" message={problems.address} />
      </div>
      <div className="subscribe-form__row even-grid even-grid--2">
        <TextField state={state} name="unit" label="Apt, suite or unit (optional)" autoComplete="address-line2" />
        <TextField state={state} name="city" label="City" autoComplete="address-level2" />
      </div>
      <div className="subscribe-form__row even-grid even-grid--2">
        <TextField state={state} name="state" label="State" readOnly aria-readonly />
        <div className="field">
          <label htmlFor="subscribe-zip">ZIP code</label>
          <input
            id="subscribe-zip"
            name="zip"
            value={form.zip}
            onChange={update('zip')}
            maxLength={5}
            inputMode="numeric"
            autoComplete="postal-code"
            {...problemProps('zip', problems.zip, 'zip-status')}
          />
          <FieldProblem field="zip" message={problems.zip} />
          <p id="zip-status" className={`zip-status zip-status--${zip.status}`} aria-live="polite">
            {zip.message}
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor="subscribe-deliveryNotes">Delivery notes (optional)</label>
        <textarea
          id="subscribe-deliveryNotes"
          name="deliveryNotes"
          rows={3}
          value={form.deliveryNotes}
          onChange={update('deliveryNotes')}
          placeholder="Gate code, where to leave the vase, who it is for…"
        />
      </div>
    </fieldset>
  );
}
