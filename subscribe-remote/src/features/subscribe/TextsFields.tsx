import { TEXT_CONSENT_LABEL, TEXT_CONSENT_WORDING } from '@blooms/shared/contract/texts';
import type { SubscribeFormState } from './use-subscribe-form';
import { FieldProblem, problemProps } from './FieldProblem';

/**
 * "Text me on delivery days": a box of its own, unticked until the person ticks it, with the
 * number to text and the consent wording beside it (sent with the checkout as shown). The
 * number field is on the page while hidden, so ticking the box shows it at once (subscribe.css).
 */
export function TextsFields({ state }: { state: SubscribeFormState }) {
  const { form, setTexts, setTextPhone, problems } = state;
  return (
    <fieldset>
      <legend>Delivery-day texts</legend>
      <label className="plan-option">
        <input
          type="checkbox"
          name="texts"
          checked={form.texts}
          onChange={(e) => setTexts(e.target.checked)}
          aria-describedby="texts-consent"
        />
        <span>{TEXT_CONSENT_LABEL}</span>
      </label>
      <p id="texts-consent" className="subscribe-form__hint">
        {TEXT_CONSENT_WORDING}
      </p>
      <div className="texts-fields" hidden={!form.texts}>
        <div className="field">
          <label htmlFor="subscribe-textPhone">Mobile number for texts</label>
          <input
            id="subscribe-textPhone"
            name="textPhone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={form.textPhone}
            onChange={(e) => setTextPhone(e.target.value)}
            {...problemProps('textPhone', problems.textPhone)}
          />
          <FieldProblem field="textPhone" message={problems.textPhone} />
        </div>
      </div>
    </fieldset>
  );
}
