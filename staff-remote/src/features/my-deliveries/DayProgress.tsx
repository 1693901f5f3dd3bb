import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { dayProgress, progressText } from './day-progress';
import './day-progress.css';

/** "3 of 12 done": the driver's stops finished that day, kept in view at the top of the list as it scrolls. */
export function DayProgress({ rows }: { rows: readonly SubscriptionRow[] }) {
  const progress = dayProgress(rows);
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  return (
    <div className="day-progress">
      <p className="day-progress__text" role="status">
        {progressText(progress)}
      </p>
      <span className="day-progress__bar" aria-hidden="true">
        <span className="day-progress__fill" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
