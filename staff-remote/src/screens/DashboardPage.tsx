import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { ALL_SUBSCRIPTIONS, dashboardViewQuery, formatTotal, mapSearchUrl, nextStatus, notesForStaff, REVERT_UNDO_SECONDS, statusLabel, type DashboardView, type SubscriptionRow } from '@blooms/shared/contract/deliveries';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { deliveriesApi, freshDeliveryOf } from '../features/deliveries/api';
import { monthKey, monthNameOf, type MonthKey } from '@blooms/shared/contract/months';
import { LifecycleTag } from '../features/deliveries/LifecycleTag';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { phoneHref } from '@blooms/shared/contract/site';
import { historyPageUrl } from '@blooms/shared/contract/subscription-history';
import { MonthNavigator } from '../features/deliveries/MonthNavigator';
import { DeliveryDay } from '../features/deliveries/DeliveryDay';
import { TestClock } from '../features/deliveries/TestClock';
import { useDeliveryDay } from '../features/deliveries/use-delivery-day';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { NotesCell } from '../features/deliveries/NotesCell';
import { StatusPill } from '../features/deliveries/StatusPill';
import { BulkAssign } from '../features/deliveries/BulkAssign';
import { useLiveRows, type PageLoader } from '../features/deliveries/use-live-rows';
import { DashboardFilters } from '../features/deliveries/DashboardFilters';
import { LiveIndicator } from '../features/deliveries/LiveIndicator';
import { moveWithinRow, ROW_KEYS_HINT } from '../features/deliveries/row-keys';
import { formatPhone, formatSubmitted } from '../features/deliveries/format';
import '../features/deliveries/deliveries.css';

export default function DashboardPage() {
  const [month, setMonth] = useState<MonthKey>(() => monthKey(new Date()));
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const loadStaff = useCallback(() => {
    deliveriesApi.staff().then(setStaff, (e: Error) => console.error('Could not load the staff list', e));
  }, []);
  const [view, setView] = useState<DashboardView>(ALL_SUBSCRIPTIONS);
  const load = useCallback<PageLoader>((viewed, page) => deliveriesApi.listMonth(viewed, page, view), [view]);
  const isAdmin = useAuthStore((s) => s.role === 'admin');
  const deliveryDay = useDeliveryDay(month);
  const { reload: reloadDeliveryDay } = deliveryDay;
  const onReload = useCallback(() => {
    loadStaff();
    reloadDeliveryDay();
  }, [loadStaff, reloadDeliveryDay]);
  const { rows, total, hasMore, loadingMore, loadMore, error, liveState, reload, applyDelivery } = useLiveRows({ month, load, onReload, onDeliveryDate: deliveryDay.follow });
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [assigning, setAssigning] = useState(false);
  /** The stop just set back from Delivered, while its Undo is offered. */
  const [undoable, setUndoable] = useState<SubscriptionRow | null>(null);
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(null), REVERT_UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undoable]);
  /** What the last bulk assignment did, said once it is done. */
  const [assigned, setAssigned] = useState<string | null>(null);

  useEffect(loadStaff, [loadStaff]);

  useEffect(() => setSelected(new Set()), [month, view]);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await deliveriesApi.exportCsv(month, view);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `subscriptions-${month}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (e) {
      showPopup('error', (e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const isEverything = Object.keys(dashboardViewQuery(view)).length === 0;
  const selectable = (rows ?? []).filter((row) => row.delivery.scheduled);
  const allSelected = selectable.length > 0 && selectable.every((row) => selected.has(row.id));

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  /** A delivered delivery goes back to Not Started only once confirmed: one stray tap undid a finished stop. */
  function clickPill(row: SubscriptionRow) {
    if (row.delivery.status !== 'delivered') return void advance(row);
    const photo = row.delivery.proofImageUrl ? ' Its door photo comes off the delivery.' : '';
    showPopup('info', `Set ${row.firstName} ${row.lastName}'s delivery back to Not Started?${photo}`, [
      { label: 'Set back to Not Started', onClick: () => void advance(row) },
    ]);
  }

  async function advance(row: SubscriptionRow) {
    setBusy((b) => new Set(b).add(row.id));
    try {
      applyDelivery(await deliveriesApi.advanceStatus(row.id, month, row.delivery.status));
      setUndoable(row.delivery.status === 'delivered' ? row : null);
    } catch (e) {
      const fresh = freshDeliveryOf(e);
      if (fresh) applyDelivery(fresh);
      showPopup('error', (e as Error).message);
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(row.id);
        return next;
      });
    }
  }

  async function undoRevert(row: SubscriptionRow) {
    setUndoable(null);
    try {
      applyDelivery(await deliveriesApi.undoRevert(row.id, month));
    } catch (e) {
      const fresh = freshDeliveryOf(e);
      if (fresh) applyDelivery(fresh);
      showPopup('error', (e as Error).message);
    }
  }

  async function showPhoto(url: string) {
    // Open the tab while the click still counts as the person's own action, then fill it.
    const tab = window.open('', '_blank');
    try {
      const photo = await deliveriesApi.proofPhoto(url);
      if (tab) tab.location.href = URL.createObjectURL(photo);
    } catch (e) {
      tab?.close();
      showPopup('error', (e as Error).message);
    }
  }

  async function assign(email: string | null) {
    setAssigning(true);
    setAssigned(null);
    try {
      const changed = await deliveriesApi.assign(month, [...selected], email);
      changed.forEach(applyDelivery);
      setSelected(new Set());
      const who = staff.find((member) => member.email === email)?.firstName ?? email;
      const what = `${changed.length} ${changed.length === 1 ? 'delivery' : 'deliveries'}`;
      setAssigned(email === null ? `Unassigned ${what}.` : `Assigned ${what} to ${who}.`);
    } catch (e) {
      showPopup('error', (e as Error).message);
    } finally {
      setAssigning(false);
    }
  }

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
        <DeliveryDay month={month} day={deliveryDay.day} canChange={isAdmin} onChanged={deliveryDay.setDay} />
        {isAdmin && <TestClock />}
        <DashboardFilters view={view} staff={staff} onChange={setView} onExport={() => void exportCsv()} exporting={exporting} />
        {selected.size > 0 && (
          <BulkAssign
            count={selected.size}
            currentAssignees={(rows ?? []).filter((row) => selected.has(row.id)).map(({ delivery }) => (delivery.assignedTo ? displayFirstName({ name: delivery.assigneeName ?? '', email: delivery.assignedTo }) : null))}
            staff={staff}
            busy={assigning}
            onAssign={(email) => void assign(email)}
          />
        )}
        <p className="bulk-assign__result" role="status">
          {assigned}
        </p>
        <div className="undo-bar" role="status">
          {undoable && (
            <>
              <span>
                {undoable.firstName} {undoable.lastName}&apos;s delivery is back to Not Started.
              </span>
              <button type="button" className="button button--secondary" onClick={() => void undoRevert(undoable)}>
                Undo
              </button>
            </>
          )}
        </div>
        {error && <LoadError what="the subscriptions" message={error} onRetry={() => void reload()} />}
        {rows === null && !error && <p className="status-message" role="status">Loading subscriptions…</p>}
        {rows && rows.length === 0 && <p className="status-message">{isEverything ? 'No subscriptions yet.' : 'No subscriptions match these filters.'}</p>}
        <p id="deliveries-keys" className="visually-hidden">{ROW_KEYS_HINT}</p>
        {rows && rows.length > 0 && (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Subscriptions table">
            <table className="data-table deliveries-table" aria-describedby="deliveries-keys">
              <caption className="visually-hidden">Subscriptions and their deliveries in {monthNameOf(month)}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input type="checkbox" aria-label="Select all deliveries this month" checked={allSelected} disabled={selectable.length === 0}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((row) => row.id)))} />
                  </th>
                  {['Name', 'Email', 'Phone', 'Address', 'Unit', 'City', 'State', 'ZIP', 'Notes', 'Status', 'Deliver This Month', 'Assigned', 'Submitted'].map((heading) => (
                    <th key={heading} scope="col">{heading}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const name = `${row.firstName} ${row.lastName}`;
                  const { delivery } = row;
                  return (
                    // Tab stops: the checkbox and the pill; with no delivery this month, the e-mail link instead.
                    <tr key={row.id} aria-selected={selected.has(row.id)} onKeyDown={moveWithinRow}>
                      <td>
                        <input type="checkbox" aria-label={`Select ${name}`} checked={selected.has(row.id)} disabled={!delivery.scheduled} onChange={() => toggle(row.id)} />
                      </td>
                      <th scope="row">
                        {name}
                        <LifecycleTag lifecycle={row.lifecycle} />
                      </th>
                      <td className="deliveries-table__wrap"><a href={`mailto:${row.email}`} tabIndex={delivery.scheduled ? -1 : undefined}>{row.email}</a></td>
                      <td className="nowrap"><a href={phoneHref(row.phone)} tabIndex={-1}>{formatPhone(row.phone)}</a></td>
                      <td className="deliveries-table__wrap"><a href={mapSearchUrl(row)} target="_blank" rel="noopener noreferrer" tabIndex={-1}>{row.address}</a></td>
                      <td>{row.unit}</td>
                      <td>{row.city}</td>
                      <td>{row.state}</td>
                      <td>{row.zip}</td>
                      <td><NotesCell notes={notesForStaff(row)} name={name} tabIndex={-1} /></td>
                      <td>
                        {delivery.scheduled ? (
                          <span className="status-cell">
                            <StatusPill status={delivery.status} busy={busy.has(row.id)} actionLabel={`change to ${statusLabel(nextStatus(delivery.status))}`} onClick={() => clickPill(row)} />
                            {delivery.proofImageUrl && (
                              <button type="button" className="photo-link" tabIndex={-1} onClick={() => void showPhoto(delivery.proofImageUrl!)} aria-label={`View the delivery photo for ${name}`}>
                                Photo
                              </button>
                            )}
                          </span>
                        ) : (
                          <span className="muted">No delivery</span>
                        )}
                      </td>
                      <td>{delivery.scheduled ? 'Yes' : delivery.heldBy ? `No (${delivery.heldBy})` : 'No'}</td>
                      <td>{delivery.assignedTo ? displayFirstName({ name: delivery.assigneeName ?? '', email: delivery.assignedTo }) : 'Unassigned'}</td>
                      <td className="deliveries-table__submitted">
                        {formatSubmitted(row.createdAt)}
                        {isAdmin && (
                          <Link className="history-link" to={historyPageUrl(row.id)} tabIndex={-1} aria-label={`History of ${name}`}>
                            History
                          </Link>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {rows && rows.length > 0 && (
          <div className="table-footer">
            <p role="status">
              Showing {rows.length} of {formatTotal(total, !isEverything)} {isEverything ? 'subscriptions' : 'matching subscriptions'}
            </p>
            {hasMore && (
              <button type="button" className="button button--secondary" onClick={() => void loadMore()} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        )}
      </section>
    </Screen>
  );
}
