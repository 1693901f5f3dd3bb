import { CHARGE_TIMING, PLAN_CARD } from '../contract/site';

/** What $99 buys and how each plan is billed (Home and Subscribe): the words live in contract/site.ts. */
export function PlanCard() {
  return (
    <section className="plan-card" aria-labelledby="plan-card-heading">
      <h2 id="plan-card-heading" className="plan-card__heading">
        The plan
      </h2>
      <p className="plan-card__price">
        <strong>{PLAN_CARD.price}</strong> {PLAN_CARD.per}
      </p>
      <ul className="plan-card__includes">
        {PLAN_CARD.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <dl className="plan-card__billing">
        {PLAN_CARD.billing.map(({ plan, text }) => (
          <div key={plan}>
            <dt>{plan}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p className="plan-card__rules">
        {CHARGE_TIMING} {PLAN_CARD.rules}
      </p>
    </section>
  );
}
