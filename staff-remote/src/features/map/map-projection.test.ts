import { COUNTY_RINGS, MAP_HEIGHT, MAP_WIDTH, projectionFor, staticMapUrl, tileImageBox } from './map-projection';

/** Google's Web Mercator: a place's pixel on the world map at a zoom (256 px tiles). */
function googlePixel([lng, lat]: [number, number], zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [size * ((lng + 180) / 360), size * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}

describe('the staff map over Google’s image', () => {
  const { projection, tileView } = projectionFor(true);
  const view = tileView!;
  const box = tileImageBox(view);

  it('asks for the image at a whole zoom, smaller than the drawing by less than half, enlarged to fill its width', () => {
    expect(Number.isInteger(view.zoom)).toBe(true);
    expect(view.stretch).toBeGreaterThanOrEqual(1);
    expect(view.stretch).toBeLessThan(2);
    expect(box.width).toBe(MAP_WIDTH);
    expect(Math.abs(box.height - MAP_HEIGHT)).toBeLessThan(2);
    const url = new URL(staticMapUrl(view, 'the-key'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      center: `${view.center[1]},${view.center[0]}`,
      zoom: String(view.zoom),
      size: `${view.width}x${view.height}`,
      scale: '2',
      key: 'the-key',
    });
  });

  it('draws a place where Google’s image shows it', () => {
    const [cx, cy] = googlePixel(view.center, view.zoom);
    for (const place of [
      [-111.8929, 40.7625],
      [-111.6588, 40.2712],
      [-111.97, 41.05],
    ] as [number, number][]) {
      const [gx, gy] = googlePixel(place, view.zoom);
      const onImage = [gx - cx + view.width / 2, gy - cy + view.height / 2];
      const [x, y] = projection(place)!;
      expect(x).toBeCloseTo(box.x + onImage[0]! * (box.width / view.width), 1);
      expect(y).toBeCloseTo(box.y + onImage[1]! * (box.height / view.height), 1);
    }
  });

  it('keeps the three counties inside the drawing, filling most of it', () => {
    const points = COUNTY_RINGS.flatMap((county) => county.rings.flat()).map((point) => projection(point)!);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThanOrEqual(MAP_WIDTH);
    expect(Math.max(...ys)).toBeLessThanOrEqual(MAP_HEIGHT);
    expect(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))).toBeGreaterThan(MAP_HEIGHT * 0.9);
  });
});
