import { labelBox, placeLabel } from './map-labels';

const MAP = { left: 0, top: 0, right: 600, bottom: 560 };
const covers = (at: [number, number] | null, stop: { x: number; y: number }) => {
  if (!at) return false;
  const box = labelBox('Utah County', at[0], at[1]);
  return box.left < stop.x + 14 && stop.x - 14 < box.right && box.top < stop.y + 14 && stop.y - 14 < box.bottom;
};

describe('where a county’s name is written', () => {
  it('stays at the middle of the county when no stop is near', () => {
    expect(placeLabel('Utah County', [300, 400], [{ x: 100, y: 100 }], MAP)).toEqual([300, 400]);
  });

  it('moves off a stop that sits where the name would be, to the nearest clear place', () => {
    const stop = { x: 300, y: 396 };
    const at = placeLabel('Utah County', [300, 400], [stop], MAP);
    expect(at).not.toBeNull();
    expect(at).not.toEqual([300, 400]);
    expect(covers(at, stop)).toBe(false);
  });

  it('never covers any stop, however many crowd the county', () => {
    const stops = Array.from({ length: 30 }, (_, i) => ({ x: 240 + (i % 6) * 22, y: 360 + Math.floor(i / 6) * 20 }));
    const at = placeLabel('Utah County', [300, 400], stops, MAP);
    for (const stop of stops) expect(covers(at, stop)).toBe(false);
  });

  it('is left out when every nearby place would cover a stop or leave the map', () => {
    const grid = Array.from({ length: 600 }, (_, i) => ({ x: (i % 30) * 20, y: Math.floor(i / 30) * 28 }));
    expect(placeLabel('Utah County', [300, 280], grid, MAP)).toBeNull();
  });
});
