import { FIGURE_DEFINITIONS, type Headline as HeadlineFigures, type HeadlineMonth } from '@blooms/shared/contract/business-figures';
import { formatMonth, monthNameOf } from '@blooms/shared/contract/months';
import { Definition } from './Definition';
import { formatCount, formatDollars, formatShare } from './format';

/** +3, 0, -2: a change in a count. */
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));

interface Tile {
  title: string;
  value: string;
  detail: string;
  /** Last month's figure, in words. */
  before: string;
  definition: string;
}

function tilesOf(now: HeadlineMonth, before: HeadlineMonth): Tile[] {
  const last = monthNameOf(before.month);
  return [
    {
      title: 'Active subscribers',
      value: formatCount(now.active),
      detail: `${formatCount(now.paused)} paused`,
      before: `${last}: ${formatCount(before.active)} (${signed(now.active - before.active)})`,
      definition: FIGURE_DEFINITIONS.active,
    },
    {
      title: 'Monthly recurring revenue',
      value: formatDollars(now.recurringRevenueCents),
      detail: `Charged this month, less refunds: ${formatDollars(now.netChargedCents)}`,
      before: `${last}: ${formatDollars(before.recurringRevenueCents)}; charged ${formatDollars(before.netChargedCents)}`,
      definition: FIGURE_DEFINITIONS.recurringRevenue,
    },
    {
      title: 'Churn',
      value: formatShare(now.churnRate),
      detail: `${formatCount(now.cancelled)} cancelled`,
      before: `${last}: ${formatShare(before.churnRate)} (${formatCount(before.cancelled)} cancelled)`,
      definition: FIGURE_DEFINITIONS.churn,
    },
    {
      title: 'Net growth',
      value: signed(now.netGrowth),
      detail: `${formatCount(now.new)} new, ${formatCount(now.cancelled)} cancelled`,
      before: `${last}: ${signed(before.netGrowth)}`,
      definition: FIGURE_DEFINITIONS.netGrowth,
    },
  ];
}

/** This month's headline figures against last month's, each with its definition a tap away. */
export function Headline({ headline }: { headline: HeadlineFigures }) {
  return (
    <section className="figures-headline" aria-labelledby="headline-heading">
      <h2 id="headline-heading">This month: {formatMonth(headline.thisMonth.month)}</h2>
      <ul className="figures-headline__tiles">
        {tilesOf(headline.thisMonth, headline.lastMonth).map((tile) => (
          <li key={tile.title} className="figures-tile">
            <h3 className="figures-tile__title">{tile.title}</h3>
            <p className="figures-tile__value">{tile.value}</p>
            <p className="figures-tile__detail">{tile.detail}</p>
            <p className="figures-tile__before">{tile.before}</p>
            <Definition of={tile.title} text={tile.definition} />
          </li>
        ))}
      </ul>
    </section>
  );
}
