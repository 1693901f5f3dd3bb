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
  /** The image's size in Google's pixels (Static Maps' `size`): the drawing's, shrunk by `stretch`. */
  width: number;
  height: number;
  /** How much the image is enlarged to fill the drawing (1 to 2): the part of a zoom level the whole one leaves out. */
  stretch: number;
}

/**
 * Mercator fitted to the three counties. With tiles, Google's image is asked for at the whole
 * zoom level (256 px tiles) below the fitted scale, of the area the drawing shows, so it is
 * smaller than the drawing by up to half; enlarged to fill it, it lies exactly under the
 * drawing, and the counties fill the frame as they do without tiles.
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
  const fittedZoom = Math.log2((fitted.scale() * 2 * Math.PI) / 256);
  const zoom = Math.floor(fittedZoom);
  const width = Math.round(MAP_WIDTH / 2 ** (fittedZoom - zoom));
  const stretch = MAP_WIDTH / width;
  const height = Math.round(MAP_HEIGHT / stretch);
  const center = fitted.invert!([MAP_WIDTH / 2, MAP_HEIGHT / 2]) as [number, number];
  const projection = geoMercator()
    .scale((256 * 2 ** zoom * stretch) / (2 * Math.PI))
    .center(center)
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
  return { projection, tileView: { zoom, center, width, height, stretch } };
}

/**
 * The Static Maps address of that view (the key is one the site already sends to browsers for
 * Places), at twice the pixels (scale=2) so the enlarged image stays sharp.
 */
export function staticMapUrl(view: TileView, apiKey: string): string {
  const url = new URL('https://maps.googleapis.com/maps/api/staticmap');
  url.searchParams.set('center', `${view.center[1]},${view.center[0]}`);
  url.searchParams.set('zoom', String(view.zoom));
  url.searchParams.set('size', `${view.width}x${view.height}`);
  url.searchParams.set('scale', '2');
  url.searchParams.set('key', apiKey);
  return url.toString();
}

/** Where the image lies in the drawing: its full width, centred up and down. */
export function tileImageBox(view: TileView): { x: number; y: number; width: number; height: number } {
  const height = view.height * view.stretch;
  return { x: 0, y: (MAP_HEIGHT - height) / 2, width: MAP_WIDTH, height };
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
