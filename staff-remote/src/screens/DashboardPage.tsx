import { useCallback, useState } from 'react';
import { isStop } from '@blooms/shared/contract/vases';
import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { ALL_SUBSCRIPTIONS, dashboardViewQuery, type DashboardView } from '@blooms/shared/contract/deliveries';
import { deliveriesApi } from '../features/deliveries/api';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import { useStartMonth } from '../features/deliveries/use-start-month';
import { PassedOverNotice } from '../features/deliveries/PassedOverNotice';
import { StartingScreen } from '../features/deliveries/StartingScreen';
import { MonthNavigator } from '../features/deliveries/MonthNavigator';
import { DeliveryDay } from '../features/deliveries/DeliveryDay';
import { TestClock } from '../features/deliveries/TestClock';
import { useDeliveryDay } from '../features/deliveries/use-delivery-day';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { BulkAssign } from '../features/deliveries/BulkAssign';
import { useLiveRows, type PageLoader } from '../features/deliveries/use-live-rows';
import { DashboardFilters } from '../features/deliveries/DashboardFilters';
import { LiveIndicator } from '../features/deliveries/LiveIndicator';
import { ROW_KEYS_HINT } from '../features/deliveries/row-keys';
import { useSelection } from '../features/dashboard/use-selection';
import { useRevertUndo } from '../features/dashboard/use-revert-undo';
import { useStatusAdvance } from '../features/dashboard/use-status-advance';
import { useBulkAssign } from '../features/dashboard/use-bulk-assign';
import { useStaffList } from '../features/dashboard/use-staff-list';
import { useCsvExport } from '../features/dashboard/use-csv-export';
import { showProofPhoto } from '../features/dashboard/show-proof-photo';
import { SubscriptionsTable } from '../features/dashboard/SubscriptionsTable';
import { assigneeOf } from '../features/dashboard/SubscriptionTableRow';
import { UndoBar } from '../features/dashboard/UndoBar';
import { DaySummaryBar } from '../features/dashboard/DaySummaryBar';
import { useDaySummary } from '../features/dashboard/use-day-summary';
import { TableFooter } from '../features/dashboard/TableFooter';
import { AssignByArea } from '../features/dashboard/AssignByArea';
import { useAssignByArea } from '../features/dashboard/use-assign-by-area';
import { useDayStops } from '../features/deliveries/use-day-stops';
import { StopsMap } from '../features/map/StopsMap';
import { ListStatus } from '../features/dashboard/ListStatus';
import '../features/deliveries/deliveries.css';
import '../features/dashboard/dashboard.css';

/** The dashboard opens on the month where the work is (contract/day-summary.ts). */
export default function DashboardPage() {
  const start = useStartMonth();
  return start ? <Dashboard start={start} /> : <StartingScreen title="Dashboard" />;
}

function Dashboard({ start }: { start: StartMonth }) {
  const [month, setMonth] = useState<MonthKey>(start.month);
  const [view, setView] = useState<DashboardView>(ALL_SUBSCRIPTIONS);
  const isAdmin = useAuthStore((s) => s.role === 'admin');
  const { staff, reloadStaff } = useStaffList();
  const deliveryDay = useDeliveryDay(month);
  const { reload: reloadDeliveryDay } = deliveryDay;
  const onReload = useCallback(() => {
    reloadStaff();
    reloadDeliveryDay();
  }, [reloadStaff, reloadDeliveryDay]);
  const load = useCallback<PageLoader>((viewed, page) => deliveriesApi.listMonth(viewed, page, view), [view]);
  const day = useDaySummary(month);
  const [mapOpen, setMapOpen] = useState(true);
  const places = useDayStops(month);
  const { refresh: refreshSummary } = day;
  const { refresh: refreshPlaces } = places;
  const onChange = useCallback(() => {
    refreshSummary();
    refreshPlaces();
  }, [refreshSummary, refreshPlaces]);
  const { rows, total, hasMore, loadingMore, loadMore, error, liveState, reload, applyDelivery } = useLiveRows({
    month,
    load,
    onReload,
    onDeliveryDate: deliveryDay.follow,
    onChange,
  });
  const selectable = (rows ?? []).filter((row) => isStop(row.delivery)).map((row) => row.id);
  const selection = useSelection(selectable, [month, view]);
  const { exporting, exportCsv } = useCsvExport(month, view);
  const { undoable, offer: offerUndo, undo } = useRevertUndo(month, applyDelivery);
  const { busy, clickPill } = useStatusAdvance(month, applyDelivery, offerUndo);
  const { assigning, assigned, assign } = useBulkAssign({ month, staff, applyDelivery, onDone: selection.clear });
  const area = useAssignByArea({ month, stops: places.stops, staff, applyDelivery, reloadStops: places.reloadNow });
  const isEverything = Object.keys(dashboardViewQuery(view)).length === 0;

  return (
    <Screen remote="staff" title="Dashboard">
      <section className="container page staff-page">
        <div className="staff-page__header">
          <h1>Dashboard</h1>
          <LiveIndicator state={liveState} />
        </div>
        <div className="staff-toolbar">
          <MonthNavigator month={month} onChange={setMonth} />
          <Link to="/my-deliveries" className="button button--secondary">
            View My Deliveries
          </Link>
        </div>
        <PassedOverNotice start={start} month={month} />
        <DeliveryDay month={month} day={deliveryDay.day} canChange={isAdmin} onChanged={deliveryDay.setDay} />
        <DaySummaryBar summary={day.summary} view={view} onView={setView} />
        <StopsMap stops={places.stops} open={mapOpen} onToggle={setMapOpen} byDriver />
        {isAdmin && <TestClock />}
        <DashboardFilters view={view} staff={staff} onChange={setView} onExport={() => void exportCsv()} exporting={exporting} />
        <AssignByArea staff={staff} area={area} />
        {selection.selected.size > 0 && (
          <BulkAssign
            count={selection.selected.size}
            currentAssignees={(rows ?? []).filter((row) => selection.selected.has(row.id)).map(assigneeOf)}
            staff={staff}
            busy={assigning}
            onAssign={(email) => void assign([...selection.selected], email)}
          />
        )}
        <p className="bulk-assign__result" role="status">
          {assigned}
        </p>
        <UndoBar undoable={undoable} onUndo={(row) => void undo(row)} />
        <ListStatus rows={rows} error={error} isEverything={isEverything} onRetry={() => void reload()} />
        <p id="deliveries-keys" className="visually-hidden">
          {ROW_KEYS_HINT}
        </p>
        {rows && rows.length > 0 && (
          <SubscriptionsTable
            month={month}
            rows={rows}
            selected={selection.selected}
            allSelected={selection.allSelected}
            canSelect={selectable.length > 0}
            busy={busy}
            isAdmin={isAdmin}
            onToggle={selection.toggle}
            onToggleAll={selection.toggleAll}
            onPill={clickPill}
            onPhoto={(url) => void showProofPhoto(url)}
            keysHintId="deliveries-keys"
          />
        )}
        {rows && rows.length > 0 && (
          <TableFooter
            shown={rows.length}
            total={total}
            filtered={!isEverything}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onLoadMore={() => void loadMore()}
          />
        )}
      </section>
    </Screen>
  );
}
