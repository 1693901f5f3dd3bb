import { passedOverMessage, type StartMonth } from '@blooms/shared/contract/day-summary';
import type { MonthKey } from '@blooms/shared/contract/months';

/** "November 12 is done: 40 delivered, 8 not delivered. Showing December 10.", while the screen shows the month it moved on to. */
export function PassedOverNotice({ start, month }: { start: StartMonth; month: MonthKey }) {
  const message = passedOverMessage(start);
  if (!message || month !== start.month) return null;
  return (
    <p className="passed-over" role="status">
      {message}
    </p>
  );
}
