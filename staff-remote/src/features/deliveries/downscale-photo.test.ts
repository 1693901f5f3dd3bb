import { downscalePhoto, MAX_PHOTO_SIDE } from './downscale-photo';

const original = (bytes = 1_000_000) => new File([new Uint8Array(bytes)], 'door.jpg', { type: 'image/jpeg' });

/** A browser that decodes the photo at this size and re-encodes it into `encoded`; what it drew and how it encoded are recorded. */
function browserDecoding(
  width: number,
  height: number,
  encoded: Blob | null = new Blob([new Uint8Array(200_000)], { type: 'image/jpeg' }),
) {
  const drawn: { width: number; height: number }[] = [];
  const encodings: unknown[][] = [];
  const close = jest.fn();
  globalThis.createImageBitmap = jest.fn(async () => ({ width, height, close }) as unknown as ImageBitmap);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return { drawImage: () => drawn.push({ width: this.width, height: this.height }) } as unknown as CanvasRenderingContext2D;
  } as never);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, ...options) => {
    encodings.push(options);
    callback(encoded);
  });
  return { drawn, encodings, close };
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

describe('the door photo sent from a phone', () => {
  it('is shrunk so its longest side is MAX_PHOTO_SIDE, keeping its shape, and sent as a JPEG', async () => {
    const encoded = new Blob([new Uint8Array(200_000)], { type: 'image/jpeg' });
    const { drawn, encodings, close } = browserDecoding(4032, 3024, encoded);
    expect(await downscalePhoto(original())).toBe(encoded);
    expect(drawn).toEqual([{ width: MAX_PHOTO_SIDE, height: 1200 }]);
    expect(encodings).toEqual([['image/jpeg', 0.85]]);
    expect(close).toHaveBeenCalled();
  });

  it('shrinks a portrait photo by its height', async () => {
    const { drawn } = browserDecoding(3024, 4032);
    await downscalePhoto(original());
    expect(drawn).toEqual([{ width: 1200, height: MAX_PHOTO_SIDE }]);
  });

  it('is never enlarged: a small photo keeps its size', async () => {
    const { drawn } = browserDecoding(800, 600);
    await downscalePhoto(original());
    expect(drawn).toEqual([{ width: 800, height: 600 }]);
  });

  it('goes as it was when re-encoding would not make it smaller', async () => {
    const photo = original(100_000);
    browserDecoding(1200, 900, new Blob([new Uint8Array(150_000)], { type: 'image/jpeg' }));
    expect(await downscalePhoto(photo)).toBe(photo);
  });

  it('goes as it was when the browser cannot encode it', async () => {
    const photo = original();
    browserDecoding(4032, 3024, null);
    expect(await downscalePhoto(photo)).toBe(photo);
  });

  it('goes as it was when the browser cannot decode it (HEIC on most browsers); the server checks it either way', async () => {
    const photo = original();
    globalThis.createImageBitmap = jest.fn(async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });
    expect(await downscalePhoto(photo)).toBe(photo);
  });

  it('goes as it was in a browser with no image decoding at all', async () => {
    const photo = original();
    expect(await downscalePhoto(photo)).toBe(photo);
  });
});
