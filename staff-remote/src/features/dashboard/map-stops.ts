import type { DayStop } from '@blooms/shared/contract/day-stops';
import type { DashboardView, SubscriptionRow } from '@blooms/shared/contract/deliveries';

/** The view's filters other than the search (folded behind "Filters" on a phone), by how many are on. */
export function activeFilters(view: DashboardView): number {
  return [view.status, view.assignee, view.scheduled, view.city.trim(), view.subscription].filter(Boolean).length;
}

/** Whether the search or a filter narrows the list (its order alone does not). */
export function isNarrowed(view: DashboardView): boolean {
  return view.search.trim() !== '' || activeFilters(view) > 0;
}

export interface MapStops {
  /** The stops the map draws; null while they (or the narrowed list) are read. */
  stops: DayStop[] | null;
  /** How many of the day's stops the search and filters leave off the map. */
  hidden: number;
}

/**
 * The stops the map shows: those the list shows. The whole day when nothing narrows the list;
 * searched or filtered, only the stops among its rows (in the map's order), and how many are left off.
 */
export function stopsOnMap(stops: readonly DayStop[] | null, rows: readonly SubscriptionRow[] | null, view: DashboardView): MapStops {
  if (stops === null) return { stops: null, hidden: 0 };
  if (!isNarrowed(view)) return { stops: [...stops], hidden: 0 };
  if (rows === null) return { stops: null, hidden: 0 };
  const listed = new Set(rows.map((row) => row.id));
  const shown = stops.filter((stop) => listed.has(stop.id));
  return { stops: shown, hidden: stops.length - shown.length };
}

/** "3 of 10 stops shown: the search and filters hide 7.": said under the map while they do. */
export function hiddenNote(shown: number, hidden: number, more: boolean): string | null {
  if (hidden === 0) return null;
  const total = shown + hidden;
  const rest = more ? ' Rows not loaded yet are not on the map: Load more adds them.' : '';
  return `${shown} of ${total} stops shown: the search and filters hide ${hidden}.${rest}`;
}
