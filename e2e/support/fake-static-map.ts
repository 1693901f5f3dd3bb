import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The made-up Maps key the map-tiles suite's stack runs with. */
export const FAKE_MAPS_KEY = 'e2e-fake-maps-key';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where the map-tiles stack's geocoder stand-in places addresses (support/geocoded-places.json). */
export const GEOCODED: Record<string, LatLng> = JSON.parse(fs.readFileSync(path.join(__dirname, 'geocoded-places.json'), 'utf8')).places;

/** What a Static Maps request asks for. */
export interface StaticMapView {
  center: LatLng;
  zoom: number;
  /** In Google's pixels at scale 1 (`size`); the image has `scale` times as many. */
  width: number;
  height: number;
  scale: number;
}

export function viewOf(url: URL): StaticMapView {
  const [lat, lng] = url.searchParams.get('center')!.split(',').map(Number) as [number, number];
  const [width, height] = url.searchParams.get('size')!.split('x').map(Number) as [number, number];
  return {
    center: { lat, lng },
    zoom: Number(url.searchParams.get('zoom')),
    width,
    height,
    scale: Number(url.searchParams.get('scale') ?? 1),
  };
}

/** Google's Web Mercator: a place's pixel on the world map at a zoom (256 px tiles). */
function worldPixel({ lat, lng }: LatLng, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [size * ((lng + 180) / 360), size * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}

/** Where Google draws a place on the Static Maps image of the view. */
export function pixelOn(view: StaticMapView, place: LatLng): [number, number] {
  const [cx, cy] = worldPixel(view.center, view.zoom);
  const [x, y] = worldPixel(place, view.zoom);
  return [x - cx + view.width / 2, y - cy + view.height / 2];
}

/**
 * A stand-in for Google's image of the view: land, a grid of streets and wider roads fixed to the
 * world (so they move with the centre and zoom as Google's do), and a dark ring where each of
 * `places` is, for the eye to check the staff map's dots against.
 */
export function fakeStaticMap(view: StaticMapView, places: readonly LatLng[]): Buffer {
  const { scale } = view;
  const [width, height] = [view.width * scale, view.height * scale];
  const rgb = Buffer.alloc(width * height * 3);
  const [cx, cy] = worldPixel(view.center, view.zoom);
  const [left, top] = [cx - view.width / 2, cy - view.height / 2];
  const paint = (x: number, y: number, [r, g, b]: readonly number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rgb.set([r!, g!, b!], (Math.floor(y) * width + Math.floor(x)) * 3);
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [wx, wy] = [Math.floor(left + x / scale), Math.floor(top + y / scale)];
      const road = wx % 96 < 2 || wy % 96 < 2;
      const street = wx % 24 === 0 || wy % 24 === 0;
      paint(x, y, road ? [249, 214, 122] : street ? [255, 255, 255] : [232, 228, 218]);
    }
  for (const place of places) {
    const [px, py] = pixelOn(view, place);
    for (let a = 0; a < 360; a += 1) {
      const t = (a * Math.PI) / 180;
      for (const r of [5, 5.5, 6]) paint((px + r * Math.cos(t)) * scale, (py + r * Math.sin(t)) * scale, [60, 20, 20]);
    }
  }
  return png(width, height, rgb);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of the pixels. */
function png(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), rgb.subarray(y * width * 3, (y + 1) * width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
