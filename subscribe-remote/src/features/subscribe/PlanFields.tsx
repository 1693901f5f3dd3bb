import { memo } from 'react';
import { MONTH_NAMES } from '@blooms/shared/contract/months';
import { CHARGE_TIMING, MONEY_RULE } from '@blooms/shared/contract/site';
import { everyMonthChoice, planSummary, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { SubscribeFormState } from './use-subscribe-form';
import { FieldProblem, problemProps } from './FieldProblem';
import { PlanOption } from './PlanOption';

type Props = Pick<SubscribeForm, 'plan' | 'selectedMonths' | 'gift' | 'giftDeliveries' | 'giftPayment'> &
  Pick<SubscribeFormState, 'choosePlan' | 'toggleMonth'> & { problem?: string };

/**
 * The plan, and for a custom plan its months. The months are on the page while hidden, so that
 * choosing Custom shows them at once (subscribe.css), before the app has taken the page over too.
 */
export const PlanFields = memo(function PlanFields({
  plan,
  selectedMonths,
  gift,
  giftDeliveries,
  giftPayment,
  choosePlan,
  toggleMonth,
  problem,
}: Props) {
  const everyMonth = everyMonthChoice({ gift, giftDeliveries });
  return (
    <fieldset>
      <legend>Your plan</legend>
      <div className="plan-choice" role="radiogroup" aria-label="Plan">
        <PlanOption name="plan" value="yearly" checked={plan === 'yearly'} onChoose={() => choosePlan('yearly')}>
          <strong>{everyMonth.name}</strong> — {everyMonth.detail}
        </PlanOption>
        <PlanOption name="plan" value="custom" checked={plan === 'custom'} onChoose={() => choosePlan('custom')}>
          <strong>Custom</strong> — choose your months
        </PlanOption>
      </div>
      <fieldset className="months" hidden={plan !== 'custom'}>
        <legend>Months to receive flowers</legend>
        <div className="months__grid">
          {MONTH_NAMES.map((month) => (
            <label key={month} className="month-option">
              <input
                type="checkbox"
                name="months"
                value={month}
                checked={selectedMonths[month]}
                onChange={() => toggleMonth(month)}
                {...problemProps('months', problem)}
              />
              {month}
            </label>
          ))}
        </div>
        <FieldProblem field="months" message={problem} />
      </fieldset>
      <p className="plan-summary" aria-live="polite">
        {planSummary({ plan, selectedMonths, gift, giftDeliveries, giftPayment })}
      </p>
      <p className="subscribe-form__hint">
        {MONEY_RULE} {CHARGE_TIMING}
      </p>
    </fieldset>
  );
});
