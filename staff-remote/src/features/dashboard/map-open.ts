/** Where the dashboard keeps whether its map is open, on this device. */
export const MAP_OPEN_KEY = 'blooms.dashboard.map-open';

/**
 * How wide the window must be for the map to open beside the list at first: narrower, all the
 * spec's columns on one line need the whole width, so the map waits to be asked for.
 */
export const MAP_BESIDE_MIN_WIDTH = 1680;

/** Whether the map is open when the dashboard opens: as it was last left on this device, else by the window's width. */
export function mapOpenAtStart(stored: string | null, windowWidth: number): boolean {
  if (stored === 'open') return true;
  if (stored === 'closed') return false;
  return windowWidth >= MAP_BESIDE_MIN_WIDTH;
}
