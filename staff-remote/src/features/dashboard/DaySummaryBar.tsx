import type { DaySummary } from '@blooms/shared/contract/day-summary';
import type { DashboardView } from '@blooms/shared/contract/deliveries';
import { isShowing, summaryFigures, viewFor, type SummaryFigure } from './summary-figures';

interface Props {
  summary: DaySummary | null;
  view: DashboardView;
  onView: (view: DashboardView) => void;
}

/** The month's stops at a glance, above the list; each figure shows its stops in the list when pressed. */
export function DaySummaryBar({ summary, view, onView }: Props) {
  if (!summary) return null;
  const { totals, drivers, couldNotDeliver } = summaryFigures(summary);
  const figure = (f: SummaryFigure, kind: string) => (
    <li key={f.key}>
      <button
        type="button"
        className={`day-summary__figure day-summary__figure--${kind}`}
        aria-pressed={isShowing(view, f.filter)}
        onClick={() => onView(viewFor(view, f.filter))}
      >
        <span className="day-summary__value">{f.value}</span> <span className="day-summary__label">{f.label}</span>
      </button>
    </li>
  );
  return (
    <section className="day-summary" aria-label="The day at a glance">
      <ul className="day-summary__totals" aria-label="Stops">
        {totals.map((f) => figure(f, f.key))}
        {couldNotDeliver !== null && couldNotDeliver > 0 && (
          <li>
            <span className="day-summary__figure day-summary__figure--could-not-deliver">
              <span className="day-summary__value">{couldNotDeliver}</span> <span className="day-summary__label">Could not deliver</span>
            </span>
          </li>
        )}
      </ul>
      {drivers.length > 0 && (
        <ul className="day-summary__drivers" aria-label="Drivers: delivered of assigned">
          {drivers.map((f) => figure(f, 'driver'))}
        </ul>
      )}
    </section>
  );
}
