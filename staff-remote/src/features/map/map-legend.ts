import { statusLabel } from '@blooms/shared/contract/deliveries';
import type { DayStop } from '@blooms/shared/contract/day-stops';

export type ColourBy = 'status' | 'driver';

export interface LegendEntry {
  key: string;
  label: string;
  colour: string;
  count: number;
}

const STATUS_COLOURS: Record<DayStop['status'], string> = {
  'not-started': '#5e554d',
  'out-for-delivery': '#b35c00',
  delivered: '#2d6a32',
};
const UNASSIGNED = '#8c8279';
// Told apart by colour-blind eyes too (Okabe and Ito's palette), then repeated.
const DRIVER_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#8a3b57', '#000000'];

/** What each colour means on the map, with how many stops have it: the map's legend, and its text alternative. */
export function legendOf(stops: readonly DayStop[], by: ColourBy): LegendEntry[] {
  const entries = new Map<string, LegendEntry>();
  const keyOf = (stop: DayStop) => (by === 'status' ? stop.status : (stop.assignedTo ?? ''));
  const sorted =
    by === 'status'
      ? Object.keys(STATUS_COLOURS)
      : [...new Set(stops.map(keyOf))].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : nameOf(stops, a).localeCompare(nameOf(stops, b))));
  sorted.forEach((key, i) => {
    const label = by === 'status' ? statusLabel(key) : key === '' ? 'Unassigned' : nameOf(stops, key);
    const colour =
      by === 'status' ? STATUS_COLOURS[key as DayStop['status']] : key === '' ? UNASSIGNED : DRIVER_COLOURS[i % DRIVER_COLOURS.length]!;
    entries.set(key, { key, label, colour, count: 0 });
  });
  for (const stop of stops) entries.get(keyOf(stop))!.count++;
  return [...entries.values()].filter((entry) => entry.count > 0);
}

function nameOf(stops: readonly DayStop[], email: string): string {
  const stop = stops.find((s) => s.assignedTo === email);
  return stop?.assigneeName?.split(' ')[0] || email.split('@')[0]!;
}

/** The colour of a stop on the map, by the legend. */
export function colourOf(stop: DayStop, by: ColourBy, legend: readonly LegendEntry[]): string {
  const key = by === 'status' ? stop.status : (stop.assignedTo ?? '');
  return legend.find((entry) => entry.key === key)?.colour ?? UNASSIGNED;
}

/** What a pickup-only stop's marker is (a diamond, where a delivery is a circle), for the legend. */
export const PICKUP_MARKER_LABEL = 'Diamond: pickup only, collect the vase';

/** "12 stops (2 pickups): 7 Not Started, 3 Out For Delivery, 2 Delivered. Placed at the centre of their ZIP codes." */
export function mapCaption(stops: readonly DayStop[], legend: readonly LegendEntry[]): string {
  if (stops.length === 0) return 'No stops to show on the map.';
  const pickups = stops.filter((stop) => stop.pickup).length;
  const ofThem = pickups === 0 ? '' : ` (${pickups} ${pickups === 1 ? 'pickup' : 'pickups'})`;
  const placed = stops.filter((stop) => stop.latitude !== null).length;
  const counts = legend.map((entry) => `${entry.count} ${entry.label}`).join(', ');
  const exact = stops.filter((stop) => stop.exact).length;
  const where =
    placed === 0
      ? ''
      : exact === placed
        ? ' Placed at their addresses.'
        : exact === 0
          ? ' Placed at the centre of their ZIP codes.'
          : ` ${exact} placed at their addresses, the rest at the centre of their ZIP codes.`;
  const unplaced = stops.length - placed;
  return `${stops.length} ${stops.length === 1 ? 'stop' : 'stops'}${ofThem}: ${counts}.${where}${unplaced > 0 ? ` ${unplaced} with no known place ${unplaced === 1 ? 'is' : 'are'} not drawn.` : ''}`;
}
