import type { DaySummary } from '@blooms/shared/contract/day-summary';
import type { DashboardView } from '@blooms/shared/contract/deliveries';
import { displayFirstName } from '@blooms/shared/contract/roles';

/** What a figure of the day summary narrows the list to: the month's stops (deliveries and pickups), by kind, status or assignee. */
export type SummaryFilter = Pick<DashboardView, 'scheduled' | 'status' | 'assignee'>;

export interface SummaryFigure {
  key: string;
  label: string;
  value: string;
  filter: SummaryFilter;
}

const stops = (patch: Partial<SummaryFilter> = {}): SummaryFilter => ({ scheduled: 'stop', status: '', assignee: '', ...patch });

const notStarted = (assignee: string) => stops({ status: 'not-started', assignee });

/**
 * The day's figures in reading order: the month as a whole (how many of its stops are pickups
 * only, when any are; where the others stand, and once the day has passed, how many were not
 * delivered), then each driver's done of assigned.
 */
export function summaryFigures(summary: DaySummary): { totals: SummaryFigure[]; drivers: SummaryFigure[]; couldNotDeliver: number | null } {
  const pickups: SummaryFigure[] =
    summary.pickups > 0
      ? [
          {
            key: 'pickups',
            label: summary.pickups === 1 ? 'Pickup' : 'Pickups',
            value: String(summary.pickups),
            filter: stops({ scheduled: 'pickup' }),
          },
        ]
      : [];
  // An API of the release before says nothing of the day: its figure is shown as it always was.
  const notDelivered: SummaryFigure[] =
    summary.dayPassed !== false
      ? [{ key: 'not-delivered', label: 'Not delivered', value: String(summary.notDelivered), filter: stops({ status: 'not-delivered' }) }]
      : [];
  return {
    // Counted apart from Not delivered; an API of the release before does not count it.
    couldNotDeliver: summary.couldNotDeliver ?? null,
    totals: [
      { key: 'stops', label: summary.stops === 1 ? 'Stop' : 'Stops', value: String(summary.stops), filter: stops() },
      ...pickups,
      { key: 'unassigned', label: 'To assign', value: String(summary.unassigned), filter: notStarted('unassigned') },
      ...(summary.assigned === undefined
        ? []
        : [{ key: 'assigned', label: 'Assigned', value: String(summary.assigned), filter: notStarted('assigned') }]),
      { key: 'out', label: 'Out', value: String(summary.out), filter: stops({ status: 'out-for-delivery' }) },
      { key: 'delivered', label: 'Delivered', value: String(summary.delivered), filter: stops({ status: 'delivered' }) },
      ...notDelivered,
    ],
    drivers: summary.drivers.map((driver) => ({
      key: driver.email,
      label: displayFirstName(driver),
      value: `${driver.done} / ${driver.assigned}`,
      filter: stops({ assignee: driver.email }),
    })),
  };
}

/** Whether the list shows exactly what the figure narrows it to. */
export function isShowing(view: DashboardView, filter: SummaryFilter): boolean {
  return view.scheduled === filter.scheduled && view.status === filter.status && view.assignee === filter.assignee;
}

/** The view a pressed figure asks for: its filter, keeping the search, city and order; pressed again, the filter is taken off. */
export function viewFor(view: DashboardView, filter: SummaryFilter): DashboardView {
  return isShowing(view, filter) ? { ...view, scheduled: '', status: '', assignee: '' } : { ...view, ...filter };
}
