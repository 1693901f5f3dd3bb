import { useState } from 'react';
import type { AccountMonth, AccountSubscription } from '@blooms/shared/contract/account';
import { LATER_CHARGES, MONEY_RULE, SKIP_EXPLAINED } from '@blooms/shared/contract/site';
import { GIFT_PREPAID_RULE } from '@blooms/shared/contract/gifts';
import { formatMonth } from '@blooms/shared/contract/months';
import type { Act } from './act';
import { MonthCard } from './MonthCard';
import { foldedMonths, STATE_LABELS } from './month-text';

/** The section's heading, where the account's short list of links leads. */
export const comingHeadingId = (subscriptionId: string) => `subscription-${subscriptionId}-coming`;

/** One coming month as a line (its name and state) that opens to its card, with the card's controls. */
function MonthRow({
  month,
  subscription: s,
  open,
  act,
}: {
  month: AccountMonth;
  subscription: AccountSubscription;
  open: boolean;
  act: Act;
}) {
  const [shown, setShown] = useState(false);
  const panelId = `month-${s.id}-${month.month}-card`;
  return (
    <li className={`month-row month-row--${month.state}`}>
      <button type="button" className="month-row__toggle" aria-expanded={shown} aria-controls={panelId} onClick={() => setShown(!shown)}>
        <span className="month-row__name">{formatMonth(month.month)}</span>{' '}
        <span className="month-row__state">{STATE_LABELS[month.state]}</span>
      </button>
      <div id={panelId} className="month-row__card" hidden={!shown}>
        <MonthCard month={month} subscriptionId={s.id} open={open} prepaidGift={s.giftTerms?.prepaid ?? false} act={act} />
      </div>
    </li>
  );
}

/** The coming months, a line each; months that bring nothing (not in the plan, after the last delivery) folded into a line each. */
export function ComingMonths({
  subscription: s,
  act,
  monthsFormId,
}: {
  subscription: AccountSubscription;
  act: Act;
  monthsFormId: string | null;
}) {
  const open = s.status !== 'cancelled';
  const headingId = comingHeadingId(s.id);
  const listed = s.coming.filter((month) => month.state !== 'not-in-plan' && month.state !== 'ended');
  const notInPlan = s.coming.filter((month) => month.state === 'not-in-plan').map((month) => month.month);
  const ended = s.coming.filter((month) => month.state === 'ended').map((month) => month.month);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Coming deliveries</h3>
      <ul className="month-rows">
        {listed.map((month) => (
          <MonthRow key={month.month} month={month} subscription={s} open={open} act={act} />
        ))}
      </ul>
      {notInPlan.length > 0 && (
        <p className="month-rows__folded">
          Not in your plan: {foldedMonths(notInPlan)}. {open && monthsFormId && <a href={`#${monthsFormId}`}>Change your months</a>}
        </p>
      )}
      {ended.length > 0 && <p className="month-rows__folded">After your last delivery: {foldedMonths(ended)}.</p>}
      <p className="subscribe-form__hint">
        {s.giftTerms?.prepaid ? GIFT_PREPAID_RULE : `${MONEY_RULE} ${LATER_CHARGES}`} {SKIP_EXPLAINED}
      </p>
    </section>
  );
}
