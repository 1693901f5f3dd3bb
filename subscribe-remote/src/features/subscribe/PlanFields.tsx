import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { CHARGE_TIMING, MONEY_RULE } from '@blooms/shared/contract/site';
import { planSummary } from '@blooms/shared/contract/subscribe';
import type { SubscribeFormState } from './use-subscribe-form';

/**
 * The plan, and for a custom plan its months. The months are on the page while hidden, so that
 * choosing Custom shows them at once (subscribe.css), before the app has taken the page over too.
 */
export function PlanFields({ state }: { state: SubscribeFormState }) {
  const { form, choosePlan, toggleMonth } = state;
  return (
    <fieldset>
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
      <fieldset className="months" hidden={form.plan !== 'custom'}>
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
      <p className="plan-summary" aria-live="polite">
        {planSummary(form)}
      </p>
      <p className="subscribe-form__hint">
        {MONEY_RULE} {CHARGE_TIMING}
      </p>
    </fieldset>
  );
}
