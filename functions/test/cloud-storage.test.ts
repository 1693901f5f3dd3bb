import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { cloudStorageBlobStore } from '../src/services/cloud-storage-blob-store';
import type { BlobStore } from '../src/services/blob-store';
import { startCloudStorageStandIn, type CloudStorageStandIn } from './support/cloud-storage-stand-in';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('photos in Cloud Storage (the real client against a stand-in of the JSON API)', () => {
  let standIn: CloudStorageStandIn;
  let store: BlobStore;
  const previous = process.env.STORAGE_EMULATOR_HOST;

  beforeAll(async () => {
    standIn = await startCloudStorageStandIn();
    process.env.STORAGE_EMULATOR_HOST = standIn.url;
    store = await cloudStorageBlobStore('blooms-photos');
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = previous;
    await standIn.close();
  });

  it('gives back a stored photo byte for byte, under its key in the bucket', async () => {
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300_000), Buffer.from('\r\n--boundary--\r\n')]);
    await store.put('deliveries/42/2026-11.jpg', photo);
    expect(standIn.objects.has('blooms-photos/deliveries/42/2026-11.jpg')).toBe(true);
    expect((await bytesOf((await store.get('deliveries/42/2026-11.jpg'))!)).equals(photo)).toBe(true);
  });

  it('answers null for a photo that is not there, and deletes idempotently', async () => {
    expect(await store.get('deliveries/404/none.jpg')).toBeNull();
    await store.put('deliveries/7/x.png', Buffer.from('png'));
    await store.delete('deliveries/7/x.png');
    await store.delete('deliveries/7/x.png');
    expect(await store.get('deliveries/7/x.png')).toBeNull();
  });

  it('never makes an object public: only uploads, reads and deletes reach the bucket', () => {
    expect(standIn.requests.every(({ path }) => !/acl|iam/i.test(path))).toBe(true);
  });
});
