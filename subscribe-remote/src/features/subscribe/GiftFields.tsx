import type { SubscribeFormState } from './use-subscribe-form';
import { TextField } from './TextField';
import { GiftTermsFields } from './GiftTermsFields';

/**
 * A gift's buyer and card message. They are on the page while hidden, so that ticking the box
 * shows them at once (subscribe.css), before the app has taken the page over too.
 */
export function GiftFields({ state }: { state: SubscribeFormState }) {
  const { form, update, setGift, setGiftTerms } = state;
  return (
    <fieldset>
      <legend>A gift?</legend>
      <label className="plan-option">
        <input type="checkbox" name="gift" checked={form.gift} onChange={(e) => setGift(e.target.checked)} aria-describedby="gift-hint" />
        <span>This is a gift</span>
      </label>
      <p id="gift-hint" className="subscribe-form__hint">
        Above, the person who receives the flowers. Receipts go to you, and we do not write to them before their first delivery.
      </p>
      <div className="gift-fields" hidden={!form.gift}>
        <div className="subscribe-form__row even-grid even-grid--2">
          <TextField state={state} name="buyerName" label="Your name" autoComplete="name" />
          <TextField state={state} name="buyerEmail" label="Your email (for receipts)" type="email" autoComplete="email" />
        </div>
        <div className="field">
          <label htmlFor="subscribe-giftMessage">Card message (optional)</label>
          <textarea
            id="subscribe-giftMessage"
            name="giftMessage"
            rows={2}
            maxLength={300}
            value={form.giftMessage}
            onChange={update('giftMessage')}
            placeholder="Happy birthday, Mom! Love, Sam"
          />
        </div>
        <GiftTermsFields giftDeliveries={form.giftDeliveries} giftPayment={form.giftPayment} setGiftTerms={setGiftTerms} />
      </div>
    </fieldset>
  );
}
