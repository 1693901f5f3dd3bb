import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { useHydrated } from '@blooms/shared/ui/use-hydrated';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { cityOfZip } from '@blooms/shared/contract/delivery-area';
import { allMonthsSelected, MONTH_NAMES, type MonthName } from '@blooms/shared/contract/months';
import { CHARGE_TIMING, formatPrice, MONEY_RULE, PRICE_PER_MONTH_USD, SECURE_CHECKOUT } from '@blooms/shared/contract/site';
import { PlanCard } from '@blooms/shared/ui/PlanCard';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { buildCheckoutPayload, CHECKOUT_CANCELLED_PARAM, EMPTY_SUBSCRIBE_FORM, planSummary, validateSubscribeForm, zipCheck, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { Plan, SubscriberTextField } from '@blooms/shared/contract/subscriber';
import { callFunction } from '../features/checkout/call-function';
import { redirectTo } from '../features/checkout/redirect';
import { useAddressAutocomplete } from '../features/address/use-address-autocomplete';
import { loadSavedForm, saveForm } from '../features/subscribe/saved-form';
import { YourOrder } from '../features/order/YourOrder';
import '../features/subscribe/subscribe.css';

export default function SubscribePage() {
  const mapsKey = useAppConfig((s) => s.config?.googleMapsApiKey ?? null);
  const [form, setForm] = useState<SubscribeForm>(EMPTY_SUBSCRIBE_FORM);
  const [submitting, setSubmitting] = useState(false);
  // Prerendered, the form arrives before its code: it takes input once React has hydrated it.
  const live = useHydrated();
  const addressInput = useRef<HTMLInputElement>(null);
  const zip = zipCheck(form.zip);
  const cameBackFromCheckout = useSearchParams()[0].get(CHECKOUT_CANCELLED_PARAM.name) === CHECKOUT_CANCELLED_PARAM.value;

  // After hydration (the prerendered form is the empty one): the form as this tab last left it.
  useEffect(() => {
    const saved = loadSavedForm();
    if (saved) setForm(saved);
  }, []);
  useEffect(() => {
    if (form !== EMPTY_SUBSCRIBE_FORM) saveForm(form);
  }, [form]);

  useAddressAutocomplete(addressInput, mapsKey, (fields) => setForm((f) => ({ ...f, ...fields })));

  const update = (field: SubscriberTextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setForm((f) => {
      const next = { ...f, [field]: value };
      // Without address suggestions, a known ZIP fills in the city.
      if (field === 'zip' && !mapsKey && !f.city.trim()) next.city = cityOfZip(value.trim()) ?? '';
      return next;
    });
  };

  const choosePlan = (plan: Plan) =>
    setForm((f) => ({ ...f, plan, selectedMonths: plan === 'yearly' ? allMonthsSelected() : f.selectedMonths }));

  const toggleMonth = (month: MonthName) =>
    setForm((f) => ({ ...f, selectedMonths: { ...f.selectedMonths, [month]: !f.selectedMonths[month] } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSubscribeForm(form);
    if (problem) {
      showPopup('error', problem);
      return;
    }
    setSubmitting(true);
    showPopup('info', SUBSCRIBE_MESSAGES.processing);
    try {
      const result = await callFunction<{ url?: string }>('createCheckoutSession', buildCheckoutPayload(form));
      if (!result?.url) {
        showPopup('error', SUBSCRIBE_MESSAGES.noCheckoutUrl);
        return;
      }
      redirectTo(result.url);
    } catch (error) {
      showPopup('error', SUBSCRIBE_MESSAGES.checkoutFailed((error as Error)?.message));
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: SubscriberTextField, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`subscribe-${name}`}>{label}</label>
      <input id={`subscribe-${name}`} name={name} value={form[name]} onChange={update(name)} {...props} />
    </div>
  );

  return (
    <Screen remote="subscribe" title="Subscribe" description={`Start a ${formatPrice(PRICE_PER_MONTH_USD)}/month hand-delivered flower subscription in Utah.`}>
      <section className="container page subscribe-page">
        <h1>Start your subscription</h1>
        <p className="subscribe-page__lead">
          {formatPrice(PRICE_PER_MONTH_USD)}/month: a hand-made seasonal arrangement in a vase, delivered by hand. Sending a gift? Enter the recipient&apos;s name and address, and tick &ldquo;This is a gift&rdquo;.
        </p>
        {cameBackFromCheckout && (
          <p className="status-message" role="status">
            {SUBSCRIBE_MESSAGES.checkoutCancelled}
          </p>
        )}
        <div className="subscribe-page__layout">
          <form className="subscribe-form" onSubmit={submit} noValidate>
            <fieldset disabled={!live}>
              <legend>Who receives the flowers</legend>
              <div className="subscribe-form__row even-grid even-grid--2">
                {field('firstName', 'First name', { autoComplete: 'given-name' })}
                {field('lastName', 'Last name', { autoComplete: 'family-name' })}
              </div>
              <div className="subscribe-form__row even-grid even-grid--2">
                {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
                {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
              </div>
            </fieldset>
            <fieldset disabled={!live}>
              <legend>A gift?</legend>
              <label className="plan-option">
                <input type="checkbox" name="gift" checked={form.gift} onChange={(e) => setForm((f) => ({ ...f, gift: e.target.checked }))} aria-describedby="gift-hint" />
                <span>This is a gift</span>
              </label>
              <p id="gift-hint" className="subscribe-form__hint">
                Above, the person who receives the flowers. Receipts go to you, and we do not write to them before their first delivery.
              </p>
              {form.gift && (
                <>
                  <div className="subscribe-form__row even-grid even-grid--2">
                    {field('buyerName', 'Your name', { autoComplete: 'name' })}
                    {field('buyerEmail', 'Your email (for receipts)', { type: 'email', autoComplete: 'email' })}
                  </div>
                  <div className="field">
                    <label htmlFor="subscribe-giftMessage">Card message (optional)</label>
                    <textarea id="subscribe-giftMessage" name="giftMessage" rows={2} maxLength={300} value={form.giftMessage} onChange={update('giftMessage')} placeholder="Happy birthday, Mom! Love, Sam" />
                  </div>
                </>
              )}
            </fieldset>
            <fieldset disabled={!live}>
              <legend>Where we deliver</legend>
              <div className="field">
                <label htmlFor="subscribe-address">Street address</label>
                <input id="subscribe-address" ref={addressInput} name="address" value={form.address} onChange={update('address')} autoComplete="address-line1" />
              </div>
              <div className="subscribe-form__row even-grid even-grid--2">
                {field('unit', 'Apt, suite or unit (optional)', { autoComplete: 'address-line2' })}
                {field('city', 'City', { autoComplete: 'address-level2' })}
              </div>
              <div className="subscribe-form__row even-grid even-grid--2">
                {field('state', 'State', { readOnly: true, 'aria-readonly': true })}
                <div className="field">
                  <label htmlFor="subscribe-zip">ZIP code</label>
                  <input id="subscribe-zip" name="zip" value={form.zip} onChange={update('zip')} maxLength={5} inputMode="numeric" autoComplete="postal-code" aria-describedby="zip-status" />
                  <p id="zip-status" className={`zip-status zip-status--${zip.status}`} aria-live="polite">
                    {zip.message}
                  </p>
                </div>
              </div>
              <div className="field">
                <label htmlFor="subscribe-deliveryNotes">Delivery notes (optional)</label>
                <textarea id="subscribe-deliveryNotes" name="deliveryNotes" rows={3} value={form.deliveryNotes} onChange={update('deliveryNotes')} placeholder="Gate code, where to leave the vase, who it is for…" />
              </div>
            </fieldset>
            <fieldset disabled={!live}>
              <legend>Your plan</legend>
              <div className="plan-choice" role="radiogroup" aria-label="Plan">
                <label className="plan-option">
                  <input type="radio" name="plan" value="yearly" checked={form.plan === 'yearly'} onChange={() => choosePlan('yearly')} />
                  <span>
                    <strong>Yearly</strong> — flowers every month
                  </span>
                </label>
                <label className="plan-option">
                  <input type="radio" name="plan" value="custom" checked={form.plan === 'custom'} onChange={() => choosePlan('custom')} />
                  <span>
                    <strong>Custom</strong> — choose your months
                  </span>
                </label>
              </div>
              {form.plan === 'custom' && (
                <fieldset className="months">
                  <legend>Months to receive flowers</legend>
                  <div className="months__grid">
                    {MONTH_NAMES.map((month) => (
                      <label key={month} className="month-option">
                        <input type="checkbox" name="months" value={month} checked={form.selectedMonths[month]} onChange={() => toggleMonth(month)} />
                        {month}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <p className="plan-summary" aria-live="polite">
                {planSummary(form)}
              </p>
              <p className="subscribe-form__hint">
                {MONEY_RULE} {CHARGE_TIMING}
              </p>
            </fieldset>
            <button type="submit" className="button subscribe-form__submit" disabled={!live || zip.status === 'error' || submitting}>
              Subscribe for {formatPrice(PRICE_PER_MONTH_USD)}/month
            </button>
            <p className="secure-checkout">{SECURE_CHECKOUT}</p>
          </form>
          <aside className="subscribe-page__aside" aria-label="Your order and the plan">
            <YourOrder form={form} />
            <PlanCard />
          </aside>
        </div>
      </section>
    </Screen>
  );
}
