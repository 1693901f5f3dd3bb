import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS } from '@blooms/shared/contract/lifecycle';
import { useEffect, useId, useState } from 'react';
import {
  ALL_SUBSCRIPTIONS,
  DASHBOARD_SORT_LABELS,
  DASHBOARD_SORTS,
  DELIVERY_STATUSES,
  statusLabel,
  type DashboardSort,
  type DashboardView,
} from '@blooms/shared/contract/deliveries';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { activeFilters } from '../dashboard/map-stops';

interface Props {
  view: DashboardView;
  staff: StaffMember[];
  onChange: (view: DashboardView) => void;
  onExport: () => void;
  exporting: boolean;
}

/** Typing waits this long after the last key before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** Search, filters and order of the dashboard's list, and its CSV export. */
export function DashboardFilters({ view, staff, onChange, onExport, exporting }: Props) {
  const id = useId();
  const [search, setSearch] = useState(view.search);
  const [city, setCity] = useState(view.city);
  // On a phone the filters fold behind a button, the search left in view; wider, they are all on one line.
  const [open, setOpen] = useState(false);
  const active = activeFilters(view);

  useEffect(() => {
    if (search === view.search && city === view.city) return;
    const timer = setTimeout(() => onChange({ ...view, search, city }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, city, view, onChange]);

  const narrowed =
    view.search || view.status || view.assignee || view.scheduled || view.city || view.subscription || view.sort !== 'newest';
  const set = (patch: Partial<DashboardView>) => onChange({ ...view, search, city, ...patch });

  return (
    <form className="dashboard-filters" role="search" aria-label="Find subscriptions" onSubmit={(event) => event.preventDefault()}>
      <div className="dashboard-filters__field dashboard-filters__field--search">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder="Name, e-mail, phone, address or ZIP"
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <button
        type="button"
        className="button button--secondary dashboard-filters__toggle"
        aria-expanded={open}
        aria-controls={`${id}-more`}
        onClick={() => setOpen(!open)}
      >
        Filters
        {active > 0 && (
          <span className="dashboard-filters__count">
            {active}
            <span className="visually-hidden"> on</span>
          </span>
        )}
      </button>
      <div id={`${id}-more`} className={open ? 'dashboard-filters__more dashboard-filters__more--open' : 'dashboard-filters__more'}>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={view.status}
            onChange={(event) => set({ status: event.target.value as DashboardView['status'] })}
          >
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
            <option value="not-delivered">Not delivered</option>
          </select>
        </div>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-assignee`}>Assigned</label>
          <select id={`${id}-assignee`} value={view.assignee} onChange={(event) => set({ assignee: event.target.value })}>
            <option value="">Anyone</option>
            <option value="unassigned">Unassigned</option>
            <option value="assigned">Someone</option>
            {staff.map((member) => (
              <option key={member.email} value={member.email}>
                {member.firstName}
              </option>
            ))}
          </select>
        </div>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-scheduled`}>This month</label>
          <select
            id={`${id}-scheduled`}
            value={view.scheduled}
            onChange={(event) => set({ scheduled: event.target.value as DashboardView['scheduled'] })}
          >
            <option value="">Any</option>
            <option value="stop">A stop this month</option>
            <option value="yes">Delivery this month</option>
            <option value="pickup">Pickup only (collect the vase)</option>
            <option value="no">No delivery this month</option>
          </select>
        </div>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-subscription`}>Subscription</label>
          <select
            id={`${id}-subscription`}
            value={view.subscription}
            onChange={(event) => set({ subscription: event.target.value as DashboardView['subscription'] })}
          >
            <option value="">Any</option>
            {SUBSCRIPTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SUBSCRIPTION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-city`}>City</label>
          <input
            id={`${id}-city`}
            type="text"
            value={city}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setCity(event.target.value)}
          />
        </div>
        <div className="dashboard-filters__field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={view.sort} onChange={(event) => set({ sort: event.target.value as DashboardSort })}>
            {DASHBOARD_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {DASHBOARD_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="dashboard-filters__actions">
          {narrowed && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setSearch('');
                setCity('');
                onChange(ALL_SUBSCRIPTIONS);
              }}
            >
              Clear
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onExport} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </div>
    </form>
  );
}
