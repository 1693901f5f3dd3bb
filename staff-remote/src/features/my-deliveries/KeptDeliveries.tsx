import { Screen } from '@blooms/shared/ui/Screen';
import { useMediaQuery } from '@blooms/shared/ui/use-media-query';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { formatMonth } from '@blooms/shared/contract/months';
import { PassedOverNotice } from '../deliveries/PassedOverNotice';
import { MonthNavigator } from '../deliveries/MonthNavigator';
import { DriverDeliveryDay } from '../deliveries/DeliveryDay';
import { StopsMap } from '../map/StopsMap';
import { StopCardList } from './StopCardList';
import { MyDeliveriesTable } from './MyDeliveriesTable';
import { MyDeliveriesActions } from './MyDeliveriesActions';
import { DayProgress } from './DayProgress';
import { StartRoute } from './StartRoute';
import type { Kept } from './kept-opening';
import './my-deliveries.css';

const nothing = () => undefined;
const noHandle = () => ({});

/**
 * The stops this device kept from the last opening, drawn at once while the sign-in is checked
 * and the live list loads, and marked as updating. Laid out as the live list is (MyDeliveriesPage),
 * so that nothing moves when it takes this one's place. Read-only: every control waits for the
 * live list, so nothing is changed or sent from this one.
 */
export function KeptDeliveries({ kept: { opening, record } }: { kept: Kept }) {
  const phone = useMediaQuery('(max-width: 699px)');
  const { start, rows } = opening;
  const month = start.month;
  const hasStops = rows !== null && rows.length > 0;
  const actions = <MyDeliveriesActions printable={hasStops} locked />;
  return (
    <Screen remote="staff" title="My Deliveries">
      <section className="container page staff-page my-deliveries" aria-busy="true">
        <div className="staff-page__header">
          <h1>{record ? `${displayFirstName(record)}'s Deliveries` : 'My Deliveries'}</h1>
          <p className="live-indicator live-indicator--updating" role="status">
            <span aria-hidden="true" className="live-indicator__dot" />
            {/* A phone's heading keeps the width the live one has: the rest is for screen readers there. */}
            Updating…<span className={phone ? 'visually-hidden' : undefined}> showing the list kept on this device</span>
          </p>
        </div>
        <div className="staff-toolbar">
          <MonthNavigator month={month} onChange={nothing} disabled />
          <DriverDeliveryDay date={start.date} />
          {!phone && actions}
        </div>
        <PassedOverNotice start={start} month={month} />
        {!hasStops && <p className="status-message">No deliveries are assigned to you in {formatMonth(month)}.</p>}
        {hasStops && <StopsMap stops={null} open={false} onToggle={nothing} locked />}
        {hasStops && <StartRoute month={month} rows={rows} locked />}
        {hasStops && <DayProgress rows={rows} />}
        {hasStops && phone && (
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
        )}
        {hasStops && !phone && (
          <MyDeliveriesTable month={month} rows={rows} uploadingId={null} onDelivered={nothing} onCouldNotDeliver={nothing} locked />
        )}
        {phone && <div className="my-deliveries__foot">{actions}</div>}
      </section>
    </Screen>
  );
}
