import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@blooms/shared/ui/use-media-query';
import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { mapSearchUrl, notesForStaff, type MonthDelivery, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { deliveriesApi, freshDeliveryOf } from '../features/deliveries/api';
import { formatMonth, monthKey, type MonthKey } from '@blooms/shared/contract/months';
import { phoneHref } from '@blooms/shared/contract/site';
import { NotesCell } from '../features/deliveries/NotesCell';
import { StatusPill } from '../features/deliveries/StatusPill';
import { LiveIndicator } from '../features/deliveries/LiveIndicator';
import { MonthNavigator } from '../features/deliveries/MonthNavigator';
import { DeliveryDay } from '../features/deliveries/DeliveryDay';
import { useDeliveryDay } from '../features/deliveries/use-delivery-day';
import { StopCard } from '../features/deliveries/StopCard';
import { useLiveRows, type PageLoader } from '../features/deliveries/use-live-rows';
import { downscalePhoto } from '../features/deliveries/downscale-photo';
import { formatPhone } from '../features/deliveries/format';
import { usePendingChanges, withPendingChanges } from '../features/offline/use-pending-changes';
import { isTemporaryFailure } from '../features/offline/send-pending';
import { startStaffWorker } from '../features/offline/staff-worker';
import { PendingBadge } from '../features/offline/PendingBadge';
import { previewOrder, useDragReorder } from '../features/deliveries/use-drag-reorder';
import '../features/deliveries/deliveries.css';

export const PROOF_QUESTION = 'Was it hand-delivered or left at the door?';

/** A driver's month is short: it comes as one page. */
const loadMine: PageLoader = async (month) => {
  const rows = await deliveriesApi.myDeliveries(month);
  return { rows, nextCursor: null, total: rows.length };
};

export default function MyDeliveriesPage() {
  const record = useAuthStore((s) => s.record);
  const [month, setMonth] = useState<MonthKey>(() => monthKey(new Date()));
  // A phone gets one card per stop, in route order, with big buttons (issue 14).
  const phone = useMediaQuery('(max-width: 699px)');
  const apple = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);
  const [busy, setBusy] = useState<string | null>(null);
  const deliveryDay = useDeliveryDay(month);
  const { rows: serverRows, error, liveState, reload, applyDelivery, reorder } = useLiveRows({
    month,
    load: loadMine,
    onReload: deliveryDay.reload,
    onDeliveryDate: deliveryDay.follow,
    keeps: (delivery: MonthDelivery) => delivery.assignedTo === record?.email,
  });
  // With no signal, Out for delivery and Delivered (with its photo) wait on the device (issue 14).
  const { pending, notSent, keep, dismissNotSent } = usePendingChanges(record?.email ?? null, applyDelivery);
  const rows = serverRows && withPendingChanges(serverRows, pending);
  useEffect(() => void startStaffWorker(), []);
  const { drag: dragging, handleProps: dragHandle } = useDragReorder((from, to) => void move(from, to));

  /** Whether a change to this stop must wait behind others, or for a connection. */
  const mustWait = (row: SubscriptionRow) => !navigator.onLine || pending.some((p) => p.subscriptionId === row.id);
  const name = (row: SubscriptionRow) => `${row.firstName} ${row.lastName}`;
  const keepForLater = (change: Parameters<typeof keep>[0], sendNow = navigator.onLine) =>
    keep(change, sendNow).catch((e: Error) => showPopup('error', `This device could not keep the change to send later: ${e.message}`));
  const [uploading, setUploading] = useState<{ id: string; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingRow = useRef<SubscriptionRow | null>(null);

  async function saveProof(row: SubscriptionRow, method: 'hand' | 'door', photo?: Blob) {
    const change = { subscriptionId: row.id, month, name: name(row), change: { to: 'delivered' as const, method, photo } };
    if (mustWait(row)) return keepForLater(change);
    setUploading(method === 'door' ? { id: row.id, percent: 0 } : null);
    try {
      const delivery = await deliveriesApi.recordProof({ subscriptionId: row.id, month, method, photo }, (fraction) =>
        setUploading({ id: row.id, percent: Math.round(fraction * 100) }),
      );
      applyDelivery(delivery);
    } catch (e) {
      if (isTemporaryFailure(e)) return keepForLater(change, false);
      const fresh = freshDeliveryOf(e);
      if (fresh) applyDelivery(fresh);
      showPopup('error', (e as Error).message);
    } finally {
      setUploading(null);
    }
  }

  async function markOutForDelivery(row: SubscriptionRow) {
    const change = { subscriptionId: row.id, month, name: name(row), change: { to: 'out-for-delivery' as const } };
    if (mustWait(row)) return keepForLater(change);
    setBusy(row.id);
    try {
      applyDelivery(await deliveriesApi.advanceStatus(row.id, month, row.delivery.status));
    } catch (e) {
      if (isTemporaryFailure(e)) return keepForLater(change, false);
      const fresh = freshDeliveryOf(e);
      if (fresh) applyDelivery(fresh);
      showPopup('error', (e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  /** Moves a stop to another place in the route (up, down, or dropped there), shown at once and kept on the server. */
  async function move(from: number, to: number) {
    if (!rows) return;
    const ids = previewOrder(rows.map((row) => row.id), { from, over: to });
    reorder(ids);
    try {
      reorder((await deliveriesApi.saveRouteOrder(month, ids)).map((row) => row.id));
    } catch (e) {
      showPopup('error', (e as Error).message);
      void reload();
    }
  }

  function askHowDelivered(row: SubscriptionRow) {
    showPopup('info', PROOF_QUESTION, [
      { label: 'Hand Delivered', onClick: () => void saveProof(row, 'hand') },
      {
        label: 'Left at Door',
        onClick: () => {
          pendingRow.current = row;
          fileInput.current?.click();
        },
      },
    ]);
  }

  async function onPhotoChosen(file: File | undefined) {
    const row = pendingRow.current;
    pendingRow.current = null;
    if (fileInput.current) fileInput.current.value = '';
    if (!row || !file) return;
    setUploading({ id: row.id, percent: 0 });
    await saveProof(row, 'door', await downscalePhoto(file));
  }

  const firstName = record ? displayFirstName(record) : '';
  return (
    <Screen remote="staff" title="My Deliveries">
      <section className="container page staff-page">
        <div className="staff-page__header">
          <h1>{firstName}&apos;s Deliveries</h1>
          <LiveIndicator state={liveState} />
        </div>
        <PendingBadge waiting={pending.length} notSent={notSent} onDismiss={dismissNotSent} />
        <div className="staff-toolbar">
          <MonthNavigator month={month} onChange={setMonth} />
          <DeliveryDay month={month} day={deliveryDay.day} forDriver />
          <div className="staff-toolbar__actions">
            {rows && rows.length > 0 && (
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                Print route sheet
              </button>
            )}
            <Link to="/dashboard" className="button button--secondary">
              Back to Dashboard
            </Link>
          </div>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/*"
          capture="environment"
          hidden
          data-testid="proof-photo-input"
          onChange={(event) => void onPhotoChosen(event.target.files?.[0])}
        />
        {uploading && (
          <div className="upload-progress" role="status">
            <label htmlFor="upload-progress-bar">Uploading photo… {uploading.percent}%</label>
            <progress id="upload-progress-bar" max={100} value={uploading.percent} />
          </div>
        )}
        {error && <LoadError what="your deliveries" message={error} onRetry={() => void reload()} />}
        {rows === null && !error && <p className="status-message" role="status">Loading your deliveries…</p>}
        {rows && rows.length === 0 && <p className="status-message">No deliveries are assigned to you in {formatMonth(month)}.</p>}
        {rows && rows.length > 0 && (
          <section className="route-sheet" aria-label="Route sheet">
            <h2>
              {firstName}&apos;s route, {formatMonth(month)}
            </h2>
            <ol>
              {rows.map((row) => (
                <li key={row.id}>
                  <span className="route-sheet__box" aria-hidden="true" />
                  <strong>{row.firstName} {row.lastName}</strong> · {formatPhone(row.phone)}
                  <br />
                  {row.address}
                  {row.unit && `, ${row.unit}`}, {row.city} {row.zip}
                  {notesForStaff(row) && <em className="route-sheet__notes">{notesForStaff(row)}</em>}
                </li>
              ))}
            </ol>
          </section>
        )}
        {rows && rows.length > 0 && phone && (
          <ol className="stop-cards" aria-label={`Your stops in ${formatMonth(month)}, in route order`}>
            {previewOrder(rows, dragging).map((row, index) => (
              <StopCard
                key={row.id}
                row={row}
                stop={index + 1}
                stops={rows.length}
                apple={apple}
                busy={busy === row.id || uploading?.id === row.id}
                dragged={dragging !== null && dragging.over === index}
                dragHandle={dragHandle(index)}
                onOutForDelivery={() => void markOutForDelivery(row)}
                onDelivered={() => askHowDelivered(row)}
                onMove={(by) => void move(index, index + by)}
              />
            ))}
          </ol>
        )}
        {rows && rows.length > 0 && !phone && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Your deliveries table">
            <table className="data-table deliveries-table">
              <caption className="visually-hidden">Deliveries assigned to you in {formatMonth(month)}</caption>
              <thead>
                <tr>
                  {['Name', 'Address', 'Unit', 'Phone', 'Notes', 'Status'].map((heading) => (
                    <th key={heading} scope="col">{heading}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const name = `${row.firstName} ${row.lastName}`;
                  const canAct = row.delivery.status === 'out-for-delivery';
                  return (
                    <tr key={row.id}>
                      <th scope="row">{name}</th>
                      <td><a href={mapSearchUrl(row)} target="_blank" rel="noopener noreferrer">{row.address}, {row.city}</a></td>
                      <td>{row.unit}</td>
                      <td className="nowrap"><a href={phoneHref(row.phone)}>{formatPhone(row.phone)}</a></td>
                      <td><NotesCell notes={notesForStaff(row)} name={name} /></td>
                      <td>
                        <StatusPill
                          status={row.delivery.status}
                          busy={uploading?.id === row.id}
                          {...(canAct ? { actionLabel: 'record how it was delivered', onClick: () => askHowDelivered(row) } : {})}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Screen>
  );
}
