import { randomUUID } from 'node:crypto';
import type { ProofType } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { EXTENSIONS } from './image-type';

/**
 * The most pixels a door photo may have: a 48-megapixel phone camera fits, a picture that
 * declares 30000 x 30000 (a few KB that would decode to gigabytes) does not.
 */
export const MAX_PHOTO_PIXELS = 64_000_000;
export const MAX_PHOTO_SIDE = 16_384;
/** The width (and height) the photo in an e-mail is shrunk to fit: a mail client shows it at 480 px. */
export const EMAIL_PHOTO_SIDE = 960;

export interface ImageSize {
  width: number;
  height: number;
}

/** A fresh key for each upload: two uploads never share one, so neither can overwrite or delete the other's photo. */
export function photoKey(subscriptionId: string, month: MonthKey, type: ProofType): string {
  return `deliveries/${subscriptionId}/${month}/${randomUUID()}.${EXTENSIONS[type]}`;
}

/** The size an image says it has in its header, read without decoding it; null when the header cannot be read. */
export function declaredSize(data: Buffer, type: ProofType): ImageSize | null {
  try {
    const size = { 'image/jpeg': jpegSize, 'image/png': pngSize, 'image/webp': webpSize, 'image/heic': heicSize }[type](data);
    return size && size.width > 0 && size.height > 0 ? size : null;
  } catch {
    // A header cut short (RangeError from a read past the end).
    return null;
  }
}

/** Whether a photo of that size may be kept and shown. */
export function sizeAllowed({ width, height }: ImageSize): boolean {
  return width <= MAX_PHOTO_SIDE && height <= MAX_PHOTO_SIDE && width * height <= MAX_PHOTO_PIXELS;
}

function pngSize(data: Buffer): ImageSize | null {
  // The first chunk is IHDR: width and height, 4 bytes each.
  if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, ...) hold the size; C4, C8 and CC are other segments in that range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(data: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isStartOfFrame(marker)) return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    // Markers with no length: restart markers, start of image, and TEM.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/**
 * HEIC keeps each image's size in an 'ispe' property (the whole picture, and each tile of a
 * grid): the largest is the picture's.
 */
function heicSize(data: Buffer): ImageSize | null {
  let largest: ImageSize | null = null;
  for (let at = data.indexOf('ispe', 0, 'latin1'); at !== -1 && at + 16 <= data.length; at = data.indexOf('ispe', at + 4, 'latin1')) {
    const size = { width: data.readUInt32BE(at + 8), height: data.readUInt32BE(at + 12) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  return largest;
}

/**
 * The photo as an e-mail carries it: a JPEG at most EMAIL_PHOTO_SIDE wide and high, turned
 * the way the camera held it. Any mail client shows it (HEIC straight from an iPhone most do
 * not), and a few hundred KB go out instead of the original's megabytes. Decoding stops at
 * MAX_PHOTO_PIXELS, whatever the file claims.
 */
export async function emailRendition(data: Buffer, type: ProofType): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const size = declaredSize(data, type);
  if (!size || !sizeAllowed(size)) throw new Error('the photo is larger than a door photo may be');
  const source =
    type === 'image/heic'
      ? // The prebuilt image library reads HEIF containers but not the HEVC pictures in them.
        await decodeHeic(data)
      : sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate();
  return source
    .resize({ width: EMAIL_PHOTO_SIDE, height: EMAIL_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

async function decodeHeic(data: Buffer) {
  const [{ default: sharp }, { default: decode }] = await Promise.all([import('sharp'), import('heic-decode')]);
  const image = await decode({ buffer: data });
  return sharp(Buffer.from(image.data), {
    raw: { width: image.width, height: image.height, channels: 4 },
    limitInputPixels: MAX_PHOTO_PIXELS,
  });
}
