import type { AccountSubscription } from '@blooms/shared/contract/account';
import type { Act } from './act';
import { MonthCard } from './MonthCard';
import { foldedMonths } from './month-text';

/** The coming months as cards; months that bring nothing (not in the plan, after the last delivery) folded into a line each. */
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
  const headingId = `subscription-${s.id}-coming`;
  const cards = s.coming.filter((month) => month.state !== 'not-in-plan' && month.state !== 'ended');
  const notInPlan = s.coming.filter((month) => month.state === 'not-in-plan').map((month) => month.month);
  const ended = s.coming.filter((month) => month.state === 'ended').map((month) => month.month);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Coming deliveries</h3>
      <ul className="month-cards">
        {cards.map((month) => (
          <MonthCard key={month.month} month={month} subscriptionId={s.id} open={open} act={act} />
        ))}
      </ul>
      {notInPlan.length > 0 && (
        <p className="month-cards__folded">
          Not in your plan: {foldedMonths(notInPlan)}. {open && monthsFormId && <a href={`#${monthsFormId}`}>Change your months</a>}
        </p>
      )}
      {ended.length > 0 && <p className="month-cards__folded">After your last delivery: {foldedMonths(ended)}.</p>}
    </section>
  );
}
