import { geoMercator, type GeoProjection } from 'd3-geo';
import { COUNTY_SHAPES } from './county-shapes';

export const MAP_WIDTH = 600;
export const MAP_HEIGHT = 560;
const PADDING = 12;

/** The counties' rings as [longitude, latitude] points. */
export const COUNTY_RINGS = COUNTY_SHAPES.map(({ name, rings }) => ({
  name,
  rings: rings.map((ring) => ring.split(',').map((pair) => pair.split(' ').map(Number) as [number, number])),
}));
const ALL_POINTS = COUNTY_RINGS.flatMap((county) => county.rings.flat());

/** Google's Static Maps image of the same view (Web Mercator at a whole zoom level), when tiles are on. */
export interface TileView {
  zoom: number;
  center: [longitude: number, latitude: number];
}

/**
 * Mercator fitted to the three counties. With tiles, the scale is rounded down to a whole
 * zoom level of Google's Web Mercator (256 px tiles) and centred, so the drawing lies on the image.
 */
export function projectionFor(tiles: boolean): { projection: GeoProjection; tileView: TileView | null } {
  const fitted = geoMercator().fitExtent(
    [
      [PADDING, PADDING],
      [MAP_WIDTH - PADDING, MAP_HEIGHT - PADDING],
    ],
    { type: 'MultiPoint', coordinates: ALL_POINTS },
  );
  if (!tiles) return { projection: fitted, tileView: null };
  const zoom = Math.floor(Math.log2((fitted.scale() * 2 * Math.PI) / 256));
  const center = fitted.invert!([MAP_WIDTH / 2, MAP_HEIGHT / 2]) as [number, number];
  const projection = geoMercator()
    .scale((256 * 2 ** zoom) / (2 * Math.PI))
    .center(center)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
  return { projection, tileView: { zoom, center } };
}

/** The Static Maps address of that view (the key is one the site already sends to browsers for Places). */
export function staticMapUrl(view: TileView, apiKey: string): string {
  const url = new URL('https://maps.googleapis.com/maps/api/staticmap');
  url.searchParams.set('center', `${view.center[1]},${view.center[0]}`);
  url.searchParams.set('zoom', String(view.zoom));
  url.searchParams.set('size', `${MAP_WIDTH}x${MAP_HEIGHT}`);
  url.searchParams.set('key', apiKey);
  return url.toString();
}

/** An SVG path through projected points. */
export function pathThrough(points: readonly (readonly [number, number])[], projection: GeoProjection, closed: boolean): string {
  const xy = points.map((point) =>
    projection(point as [number, number])!
      .map((n) => n.toFixed(1))
      .join(','),
  );
  return `M${xy.join('L')}${closed ? 'Z' : ''}`;
}

/**
 * Stops at one place (a ZIP centre holds several) are fanned out on a small ring around it,
 * so each shows and can be pointed at; a lone stop stays where it is.
 */
export function spreadOut<T>(placed: readonly { item: T; x: number; y: number }[]): { item: T; x: number; y: number }[] {
  const groups = new Map<string, { item: T; x: number; y: number }[]>();
  for (const p of placed) {
    const key = `${Math.round(p.x)},${Math.round(p.y)}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()].flatMap((group) =>
    group.length === 1
      ? group
      : group.map((p, i) => {
          const angle = (2 * Math.PI * i) / group.length;
          const radius = 5 + group.length * 0.8;
          return { ...p, x: p.x + radius * Math.cos(angle), y: p.y + radius * Math.sin(angle) };
        }),
  );
}
