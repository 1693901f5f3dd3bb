import { Screen } from '@blooms/shared/ui/Screen';
import { useMediaQuery } from '@blooms/shared/ui/use-media-query';
import { formatMonth } from '@blooms/shared/contract/months';
import { PassedOverNotice } from '../deliveries/PassedOverNotice';
import { StopCardList } from './StopCardList';
import { MyDeliveriesTable } from './MyDeliveriesTable';
import { DayProgress } from './DayProgress';
import type { Opening } from './use-opening';
import './my-deliveries.css';

const nothing = () => undefined;
const noHandle = () => ({});

/**
 * The stops this device kept from the last opening, drawn at once while the sign-in is checked
 * and the live list loads, and marked as updating. Read-only: every button waits for the live
 * list, which replaces this one, so nothing is changed or sent from it.
 */
export function KeptDeliveries({ opening: { start, rows } }: { opening: Opening }) {
  const phone = useMediaQuery('(max-width: 699px)');
  const month = start.month;
  return (
    <Screen remote="staff" title="My Deliveries">
      <section className="container page staff-page my-deliveries" aria-busy="true">
        <div className="staff-page__header">
          <h1>My Deliveries</h1>
          <p className="live-indicator live-indicator--updating" role="status">
            <span aria-hidden="true" className="live-indicator__dot" />
            Updating… showing the list kept on this device
          </p>
        </div>
        <p className="status-message">
          <strong>{formatMonth(month)}</strong>
        </p>
        <PassedOverNotice start={start} month={month} />
        {rows !== null && rows.length > 0 && <DayProgress rows={rows} />}
        {rows === null || rows.length === 0 ? (
          <p className="status-message">No deliveries are assigned to you in {formatMonth(month)}.</p>
        ) : phone ? (
          <StopCardList
            month={month}
            rows={rows}
            locked
            dragging={null}
            dragHandle={noHandle}
            isBusy={() => true}
            onOutForDelivery={nothing}
            onDelivered={nothing}
            onCouldNotDeliver={nothing}
            onMove={nothing}
          />
        ) : (
          <MyDeliveriesTable month={month} rows={rows} uploadingId={null} onDelivered={nothing} onCouldNotDeliver={nothing} locked />
        )}
      </section>
    </Screen>
  );
}
