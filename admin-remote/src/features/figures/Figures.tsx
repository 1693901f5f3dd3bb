import { useMemo, type ReactNode } from 'react';
import { FIGURE_DEFINITIONS, type BusinessFigures } from '@blooms/shared/contract/business-figures';
import { Definition } from './Definition';
import { deliveriesChart, leavingChart, moneyChart, subscribersChart } from './figure-charts';
import { deliveriesTable, leavingTable, moneyTable, retentionTable, subscribersTable } from './figure-tables';
import { FigureChart } from './FigureChart';
import { FigureTableView } from './FigureTableView';
import { formatCount, formatDollars } from './format';
import { PaymentsToChase } from './PaymentsToChase';

/** The figures' parts, in the order the page shows them. */
export const PARTS = [
  { id: 'subscribers', title: 'Subscribers' },
  { id: 'money', title: 'Money' },
  { id: 'payments-to-chase', title: 'Payments to chase' },
  { id: 'why-people-leave', title: 'Why people leave' },
  { id: 'retention', title: 'Retention' },
  { id: 'deliveries', title: 'Deliveries' },
] as const;
type PartId = (typeof PARTS)[number]['id'];
const titleOf = (id: PartId) => PARTS.find((part) => part.id === id)!.title;

function Part({ id, children }: { id: PartId; children: ReactNode }) {
  return (
    <section className="figures-part" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{titleOf(id)}</h2>
      {children}
    </section>
  );
}

/** A few totals above a part's chart, as terms and values. */
function Summary({ items }: { items: [string, string][] }) {
  return (
    <dl className="figures-part__summary">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Every part of the figures for one range: totals, a chart and a table each. */
export function Figures({ figures }: { figures: BusinessFigures }) {
  const charts = useMemo(
    () => ({
      subscribers: subscribersChart(figures),
      money: moneyChart(figures),
      leaving: leavingChart(figures),
      deliveries: deliveriesChart(figures),
    }),
    [figures],
  );
  const fileName = (stem: string) => `${stem}-${figures.from}-to-${figures.to}.csv`;
  const average = figures.money.averagePerSubscriberYearCents;
  const perMonth = figures.headline?.revenuePerSubscriberMonthCents;
  return (
    <>
      <Part id="subscribers">
        <Summary
          items={[
            ['New in the range', formatCount(sum(figures.subscribers.map((month) => month.new)))],
            ['Cancelled in the range', formatCount(sum(figures.subscribers.map((month) => month.cancelled)))],
            ['Net growth', formatCount(sum(figures.subscribers.map((month) => month.netGrowth)))],
          ]}
        />
        <FigureChart title="active, paused and held subscriptions by month" spec={charts.subscribers} />
        <FigureTableView table={subscribersTable(figures)} fileName={fileName('subscribers')} empty="No months in the range." />
      </Part>
      <Part id="money">
        <Summary
          items={[
            ['Net charged in the range', formatDollars(sum(figures.money.months.map((month) => month.netCents)))],
            // An API older than the headline has only the yearly average.
            perMonth === undefined
              ? ['Average per subscriber per year', average === null ? 'No subscribers in the last 12 months' : formatDollars(average)]
              : [
                  'Revenue per subscriber per month (ARPU)',
                  perMonth === null ? 'No subscribers in the last 12 months' : formatDollars(perMonth),
                ],
          ]}
        />
        {perMonth !== undefined && <Definition of="Revenue per subscriber per month" text={FIGURE_DEFINITIONS.revenuePerSubscriber} />}
        <FigureChart title="net charged and expected by month" spec={charts.money} />
        <FigureTableView table={moneyTable(figures)} fileName={fileName('money')} empty="No months in the range." />
      </Part>
      <Part id="payments-to-chase">
        <PaymentsToChase />
      </Part>
      <Part id="why-people-leave">
        <Summary
          items={[
            ['Cancelled, with a reason', formatCount(sum(figures.leaving.reasons.map((reason) => reason.cancelled)))],
            ['Skipped a month instead', formatCount(figures.leaving.skippedInstead)],
            ['Paused instead', formatCount(figures.leaving.pausedInstead)],
          ]}
        />
        <FigureChart title="reasons given for leaving, and skips and pauses taken instead" spec={charts.leaving} />
        <FigureTableView table={leavingTable(figures)} fileName={fileName('why-people-leave')} empty="No reasons given in the range." />
      </Part>
      <Part id="retention">
        <p>Of the subscriptions whose first delivery was in a month, the share still active 1 to 12 months later.</p>
        <FigureTableView
          table={retentionTable(figures)}
          fileName={fileName('retention')}
          empty="No first deliveries in the range."
          variant="dense"
        />
      </Part>
      <Part id="deliveries">
        <FigureChart title="stops by delivery day: delivered on the day, later, not delivered, still to come" spec={charts.deliveries} />
        <FigureTableView table={deliveriesTable(figures)} fileName={fileName('deliveries')} empty="No delivery days in the range." />
      </Part>
    </>
  );
}
