import { useState, type FormEvent } from 'react';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { MONTH_NAMES, monthsSelected } from '@blooms/shared/contract/months';
import { ACCOUNT_DONE, SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { planSummary } from '@blooms/shared/contract/subscribe';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { useAnswer } from './use-answer';
import { accountApi } from './account-session';

/** The months form's heading, where the folded "Not in your plan" line leads. */
export const monthsHeadingId = (subscriptionId: string) => `subscription-${subscriptionId}-months`;

/** A Custom plan's months, as tiles like the subscribe form's; the server refuses a month whose next delivery is already certain. */
export function ChangeMonthsForm({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const [chosen, setChosen] = useState<number[]>(s.months);
  const { answer, answerTo, undo, clear } = useAnswer();
  const headingId = monthsHeadingId(s.id);
  const unchanged = chosen.length === s.months.length && chosen.every((month) => s.months.includes(month));

  const toggle = (month: number) => {
    clear();
    setChosen((months) => (months.includes(month) ? months.filter((m) => m !== month) : [...months, month].sort((a, b) => a - b)));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changeTo = (months: number[]) => () => accountApi.changeMonths({ params: { id: s.id }, body: { months } });
    const before = s.months;
    await answerTo(act(changeTo(chosen)), ACCOUNT_DONE.months, async () => {
      const result = await act(changeTo(before));
      if (result.ok) setChosen(before);
      return result;
    });
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Your months</h3>
      <form onSubmit={(event) => void submit(event)}>
        <fieldset className="months">
          <legend>Months to receive flowers</legend>
          <div className="months__grid">
            {MONTH_NAMES.map((name, i) => (
              <label key={name} className="month-option">
                <input type="checkbox" name="months" value={name} checked={chosen.includes(i + 1)} onChange={() => toggle(i + 1)} />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="plan-summary" aria-live="polite">
          {chosen.length === 0 ? SUBSCRIBE_MESSAGES.noMonths : planSummary({ plan: 'custom', selectedMonths: monthsSelected(chosen) })}
        </p>
        <button type="submit" className="button button--secondary" disabled={unchanged || chosen.length === 0}>
          Save months
        </button>
        <ActionAnswer answer={answer} onUndo={() => void undo()} />
      </form>
    </section>
  );
}
