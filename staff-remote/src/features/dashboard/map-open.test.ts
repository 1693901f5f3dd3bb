import { MAP_BESIDE_MIN_WIDTH, mapOpenAtStart } from './map-open';

describe('whether the dashboard opens with its map', () => {
  it('opens it beside the list only on a window wide enough for both', () => {
    expect(mapOpenAtStart(null, MAP_BESIDE_MIN_WIDTH)).toBe(true);
    expect(mapOpenAtStart(null, 1366)).toBe(false);
    expect(mapOpenAtStart(null, 390)).toBe(false);
  });

  it('keeps the choice last made on the device, whatever the width', () => {
    expect(mapOpenAtStart('open', 390)).toBe(true);
    expect(mapOpenAtStart('closed', 1920)).toBe(false);
    expect(mapOpenAtStart('something else', 1920)).toBe(true);
  });
});
