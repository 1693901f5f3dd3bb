/** A rectangle on the map: left, top, right, bottom. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How far around a stop's centre its marker (and its highlight) reaches, and a label's letters. */
const STOP_REACH = 14;
const CHAR_WIDTH = 7;
const LABEL_HEIGHT = 14;
const STEP = 16;

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The box of a label centred on x, written on the baseline y (as the map's text is drawn). */
export function labelBox(text: string, x: number, y: number): Box {
  const half = (text.length * CHAR_WIDTH) / 2;
  return { left: x - half, top: y - LABEL_HEIGHT + 3, right: x + half, bottom: y + 3 };
}

/**
 * Where to write a county's name so that it covers no stop: at its anchor if clear, else the
 * nearest clear place a few steps above, below or to the side, within the map and its own
 * county's extent; none (null) when every such place would cover a stop.
 */
export function placeLabel(
  text: string,
  anchor: [number, number],
  stops: readonly { x: number; y: number }[],
  within: Box,
): [number, number] | null {
  const stopBoxes = stops.map(({ x, y }) => ({ left: x - STOP_REACH, top: y - STOP_REACH, right: x + STOP_REACH, bottom: y + STOP_REACH }));
  const candidates: [number, number][] = [[0, 0]];
  for (let ring = 1; ring <= 4; ring++)
    candidates.push(
      [0, -ring],
      [0, ring],
      [-ring * 2, 0],
      [ring * 2, 0],
      [-ring * 2, -ring],
      [ring * 2, ring],
      [-ring * 2, ring],
      [ring * 2, -ring],
    );
  for (const [dx, dy] of candidates) {
    const x = anchor[0] + dx * STEP;
    const y = anchor[1] + dy * STEP;
    const box = labelBox(text, x, y);
    const inside = box.left >= within.left && box.right <= within.right && box.top >= within.top && box.bottom <= within.bottom;
    if (inside && !stopBoxes.some((stop) => overlaps(box, stop))) return [x, y];
  }
  return null;
}
