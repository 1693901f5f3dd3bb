import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from '@blooms/shared/ui/use-media-query';
import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { hasSignIn, useAuthStore } from '@blooms/shared/runtime/auth-store';
import { displayFirstName } from '@blooms/shared/contract/roles';
import type { MonthKey } from '@blooms/shared/contract/months';
import { PassedOverNotice } from '../features/deliveries/PassedOverNotice';
import { StartingScreen } from '../features/deliveries/StartingScreen';
import { LiveIndicator } from '../features/deliveries/LiveIndicator';
import { MonthNavigator } from '../features/deliveries/MonthNavigator';
import { DeliveryDay } from '../features/deliveries/DeliveryDay';
import { useLiveFeed } from '../features/deliveries/use-live-feed';
import { useMyRows } from '../features/my-deliveries/use-my-rows';
import { withPendingChanges } from '../features/offline/use-pending-changes';
import { startStaffWorker } from '../features/offline/staff-worker';
import { PendingBadge } from '../features/offline/PendingBadge';
import { useKeptOpening, useOpening, type Opening } from '../features/my-deliveries/use-opening';
import { KeptDeliveries } from '../features/my-deliveries/KeptDeliveries';
import { MyDeliveriesActions } from '../features/my-deliveries/MyDeliveriesActions';
import { MyListStatus } from '../features/my-deliveries/MyListStatus';
import { isKeptFor } from '../features/my-deliveries/kept-opening';
import { useDeviceQueue } from '../features/my-deliveries/use-device-queue';
import { useOutForDelivery } from '../features/my-deliveries/use-out-for-delivery';
import { useProofCapture } from '../features/my-deliveries/use-proof-capture';
import { useCouldNotDeliver } from '../features/my-deliveries/use-could-not-deliver';
import { useRouteOrder } from '../features/my-deliveries/use-route-order';
import { ProofPhotoInput } from '../features/my-deliveries/ProofPhotoInput';
import { RouteSheet } from '../features/my-deliveries/RouteSheet';
import { StopCardList } from '../features/my-deliveries/StopCardList';
import { MyDeliveriesTable } from '../features/my-deliveries/MyDeliveriesTable';
import { DayProgress } from '../features/my-deliveries/DayProgress';
import { StartRoute } from '../features/my-deliveries/StartRoute';
import { useDayStops } from '../features/deliveries/use-day-stops';
import { StopsMap } from '../features/map/StopsMap';
import { withRowStatus } from '../features/map/stops-of-rows';
import '../features/deliveries/deliveries.css';
import '../features/my-deliveries/my-deliveries.css';

export { PROOF_QUESTION } from '../features/my-deliveries/use-proof-capture';

/**
 * A driver's stops, opening on the month where the work is (contract/day-summary.ts). The
 * host may show this screen while the sign-in is still checked (routes.ts, opensWhileChecking):
 * it then draws the list the device kept, read-only, and asks for its opening alongside the
 * check; the live list is drawn once both are in.
 */
export default function MyDeliveriesPage() {
  return (
    <ServerState>
      <MyDeliveriesOpening />
    </ServerState>
  );
}

function MyDeliveriesOpening() {
  const signedIn = useAuthStore((s) => s.status === 'signed-in');
  const email = useAuthStore((s) => s.record?.email ?? null);
  const { opening, readAt } = useOpening(useAuthStore(hasSignIn));
  const kept = useKeptOpening();
  if (opening && signedIn) return <MyDeliveries opening={opening} readAt={readAt} />;
  if (kept && isKeptFor(kept.opening, email)) return <KeptDeliveries kept={kept} />;
  return <StartingScreen title="My Deliveries" />;
}

function MyDeliveries({ opening, readAt }: { opening: Opening; readAt: number }) {
  const record = useAuthStore((s) => s.record);
  const [month, setMonth] = useState<MonthKey>(opening.start.month);
  // A phone gets one compact card per stop, the next stop first, with big buttons: drivers work from their phones at the door.
  const phone = useMediaQuery('(max-width: 699px)');
  const [mapOpen, setMapOpen] = useState(false);
  const places = useDayStops(month, { mine: true, enabled: mapOpen });
  const liveState = useLiveFeed();
  const { rows: serverRows, error, reload } = useMyRows(month, opening, readAt);
  const queue = useDeviceQueue(record?.email ?? null);
  const rows = serverRows && withPendingChanges(serverRows, queue.pending);
  const mapStops = useMemo(() => (rows && places.stops ? withRowStatus(places.stops, rows) : null), [rows, places.stops]);
  useEffect(() => void startStaffWorker(), []);
  const { move, dragging, dragHandle } = useRouteOrder({ month, rows, reload });
  const { busy, markOutForDelivery } = useOutForDelivery(month, queue);
  const { uploading, fileInput, askHowDelivered, onPhotoChosen } = useProofCapture(month, queue);
  const couldNotDeliver = useCouldNotDeliver(queue);

  const firstName = record ? displayFirstName(record) : '';
  const actions = <MyDeliveriesActions printable={Boolean(rows && rows.length > 0)} />;
  return (
    <Screen remote="staff" title="My Deliveries">
      <section className="container page staff-page my-deliveries">
        <div className="staff-page__header">
          <h1>{firstName}&apos;s Deliveries</h1>
          <LiveIndicator state={liveState} />
        </div>
        <PendingBadge waiting={queue.pending.length} notSent={queue.notSent} onDismiss={queue.dismissNotSent} />
        <div className="staff-toolbar">
          <MonthNavigator month={month} onChange={setMonth} />
          <DeliveryDay month={month} forDriver knownDate={month === opening.start.month ? opening.start.date : undefined} />
          {!phone && actions}
        </div>
        <PassedOverNotice start={opening.start} month={month} />
        <ProofPhotoInput inputRef={fileInput} onChange={(event) => void onPhotoChosen(event)} uploading={uploading} />
        <MyListStatus month={month} rows={rows} error={error} onRetry={() => void reload()} />
        {rows && rows.length > 0 && <StopsMap stops={mapStops} open={mapOpen} onToggle={setMapOpen} />}
        {rows && rows.length > 0 && <RouteSheet firstName={firstName} month={month} rows={rows} />}
        {rows && rows.length > 0 && month === opening.start.month && <StartRoute month={month} rows={rows} />}
        {rows && rows.length > 0 && <DayProgress rows={rows} />}
        {rows && rows.length > 0 && phone && (
          <StopCardList
            month={month}
            rows={rows}
            dragging={dragging}
            dragHandle={dragHandle}
            isBusy={(row) => busy === row.id || uploading?.id === row.id}
            onOutForDelivery={(row) => void markOutForDelivery(row)}
            onDelivered={askHowDelivered}
            onCouldNotDeliver={couldNotDeliver}
            onMove={(from, to) => void move(from, to)}
          />
        )}
        {rows && rows.length > 0 && !phone && (
          <MyDeliveriesTable
            month={month}
            rows={rows}
            uploadingId={uploading?.id ?? null}
            busyId={busy}
            onDelivered={askHowDelivered}
            onCouldNotDeliver={couldNotDeliver}
          />
        )}
        {phone && <div className="my-deliveries__foot">{actions}</div>}
      </section>
    </Screen>
  );
}
