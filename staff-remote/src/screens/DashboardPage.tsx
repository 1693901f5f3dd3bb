import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isStop } from '@blooms/shared/contract/vases';
import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { ALL_SUBSCRIPTIONS, dashboardViewQuery, type DashboardView } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import type { StartMonth } from '@blooms/shared/contract/day-summary';
import { useStartMonth } from '../features/deliveries/use-start-month';
import { PassedOverNotice } from '../features/deliveries/PassedOverNotice';
import { StartingScreen } from '../features/deliveries/StartingScreen';
import { MonthNavigator } from '../features/deliveries/MonthNavigator';
import { DeliveryDay } from '../features/deliveries/DeliveryDay';
import { TestClock } from '../features/deliveries/TestClock';
import { FailedPolicySetting } from '../features/failed-attempts/FailedPolicySetting';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { BulkAssign } from '../features/deliveries/BulkAssign';
import { useLiveFeed } from '../features/deliveries/use-live-feed';
import { useMonthList } from '../features/dashboard/use-month-list';
import { DashboardFilters } from '../features/deliveries/DashboardFilters';
import { LiveIndicator } from '../features/deliveries/LiveIndicator';
import { useSelection } from '../features/dashboard/use-selection';
import { useRevertUndo } from '../features/dashboard/use-revert-undo';
import { useStatusAdvance } from '../features/dashboard/use-status-advance';
import { useBulkAssign } from '../features/dashboard/use-bulk-assign';
import { useStaffList } from '../features/dashboard/use-staff-list';
import { useDownload } from '../features/deliveries/use-download';
import { deliveriesApi } from '../features/deliveries/api';
import { SubscriptionsList } from '../features/dashboard/SubscriptionsList';
import { assigneeOf } from '../features/dashboard/SubscriptionTableRow';
import { UndoBar } from '../features/dashboard/UndoBar';
import { DaySummaryBar } from '../features/dashboard/DaySummaryBar';
import { staffQueries } from '../features/deliveries/queries';
import { AssignByArea } from '../features/dashboard/AssignByArea';
import { AutoAssignedBar } from '../features/dashboard/AutoAssignedBar';
import { Territories } from '../features/dashboard/Territories';
import { useAssignByArea } from '../features/dashboard/use-assign-by-area';
import { useDayStops } from '../features/deliveries/use-day-stops';
import { DashboardMap } from '../features/dashboard/DashboardMap';
import { useMapOpen } from '../features/dashboard/use-map-open';
import { usePickedStop } from '../features/dashboard/use-picked-stop';
import { hiddenNote, stopsOnMap } from '../features/dashboard/map-stops';
import '../features/deliveries/deliveries.css';
import '../features/dashboard/dashboard.css';
import '../features/dashboard/dashboard-table.css';
import '../features/dashboard/dashboard-phone.css';

/** The dashboard opens on the month where the work is (contract/day-summary.ts). */
export default function DashboardPage() {
  return (
    <ServerState>
      <DashboardOpening />
    </ServerState>
  );
}

function DashboardOpening() {
  const start = useStartMonth();
  return start ? <Dashboard start={start} /> : <StartingScreen title="Dashboard" />;
}

function Dashboard({ start }: { start: StartMonth }) {
  const [month, setMonth] = useState<MonthKey>(start.month);
  const [view, setView] = useState<DashboardView>(ALL_SUBSCRIPTIONS);
  const isAdmin = useAuthStore((s) => s.role === 'admin');
  const liveState = useLiveFeed();
  const staff = useStaffList();
  // When the summary cannot be read the list says so, and the summary keeps its last figures.
  const summary = useQuery(staffQueries.daySummary(month)).data ?? null;
  const [mapOpen, setMapOpen] = useMapOpen();
  const mapId = useId();
  const places = useDayStops(month);
  const list = useMonthList(month, view);
  const { rows } = list;
  const selectable = (rows ?? []).filter((row) => isStop(row.delivery)).map((row) => row.id);
  const selection = useSelection(selectable, [month, view]);
  const csv = useDownload(() => deliveriesApi.exportCsv(month, view), `subscriptions-${month}.csv`);
  const { undoable, offer: offerUndo, undo } = useRevertUndo(month);
  const { busy, clickPill } = useStatusAdvance(month, offerUndo);
  const { assigning, assigned, assign } = useBulkAssign({ month, staff, onDone: selection.clear });
  const area = useAssignByArea({ month, stops: places.stops, staff, reloadStops: places.reload });
  const isEverything = Object.keys(dashboardViewQuery(view)).length === 0;
  const picked = usePickedStop([month, view]);
  const mapped = new Set((places.stops ?? []).filter((stop) => stop.latitude !== null).map((stop) => stop.id));
  // The map shows what the list shows: searched or filtered, only the stops among its rows.
  const onMap = stopsOnMap(places.stops, rows, view);
  const mapNote = onMap.stops && hiddenNote(onMap.stops.length, onMap.hidden, list.hasMore);

  return (
    <Screen remote="staff" title="Dashboard">
      <section className="container page staff-page dashboard">
        <div className="dashboard__head">
          <h1>Dashboard</h1>
          <MonthNavigator month={month} onChange={setMonth} />
          <LiveIndicator state={liveState} />
          <div className="dashboard__head-actions">
            <Link to="/my-deliveries" className="button button--secondary dashboard__to-mine">
              View My Deliveries
            </Link>
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={mapOpen}
              aria-controls={mapId}
              onClick={() => setMapOpen(!mapOpen)}
            >
              Map of the day&apos;s stops
            </button>
            <AssignByArea staff={staff} area={area} />
          </div>
        </div>
        <PassedOverNotice start={start} month={month} />
        <DeliveryDay month={month} canChange={isAdmin} />
        <DaySummaryBar summary={summary} view={view} onView={setView} />
        <AutoAssignedBar month={month} summary={summary} />
        <DashboardFilters view={view} staff={staff} onChange={setView} onExport={csv.download} exporting={csv.downloading} />
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
        <div className={mapOpen ? 'dashboard__body dashboard__body--map' : 'dashboard__body'}>
          <div className="dashboard__list">
            <SubscriptionsList
              month={month}
              list={list}
              isEverything={isEverything}
              selection={selection}
              canSelect={selectable.length > 0}
              busy={busy}
              isAdmin={isAdmin}
              onPill={clickPill}
              map={mapOpen ? { picked, mapped } : null}
            />
          </div>
          <DashboardMap id={mapId} open={mapOpen} stops={onMap.stops} hiddenNote={mapNote} picked={picked} />
        </div>
        <Territories staff={staff} />
        {isAdmin && <FailedPolicySetting />}
        {isAdmin && <TestClock />}
      </section>
    </Screen>
  );
}
