import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupAndVerify, backupEmbedded } from '../src/backup/backup';
import { restoreBackup } from '../src/backup/restore';
import { createMigratedDatabase } from './support/databases';
import type { Readable } from 'node:stream';
import { cloudStorageBlobStore } from '../src/infrastructure/cloud-storage-blob-store';
import type { BlobStore } from '../src/infrastructure/blob-store';
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

  it('is backed up as a list of its photos (they stay in the bucket), and a restore says which the bucket lacks', async () => {
    const database = await createMigratedDatabase('pglite');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-bucket-backup-'));
    try {
      await store.put('proofs/2026-11/kept.jpg', Buffer.from('kept'));
      await store.put('proofs/2026-11/lost.jpg', Buffer.from('lost!'));
      const file = path.join(work, 'backup.tar');
      const { manifest } = await backupAndVerify(
        (target) => backupEmbedded(database, { blobs: store, bucket: 'blooms-photos' }, target),
        file,
      );
      expect(manifest.photos).toEqual({
        store: 'bucket',
        bucket: 'blooms-photos',
        objects: expect.arrayContaining([
          { key: 'proofs/2026-11/kept.jpg', size: 4 },
          { key: 'proofs/2026-11/lost.jpg', size: 5 },
        ]),
      });
      expect(Object.keys(manifest.files)).toEqual(['database/pglite.tar.gz']);

      await store.delete('proofs/2026-11/lost.jpg');
      const dataDir = path.join(work, 'data');
      const restored = await restoreBackup(file, { dataDir, databaseUrl: null, blobs: store });
      const listed = (manifest.photos as { objects: unknown[] }).objects.length;
      expect(restored.photos).toBe(`1 of the ${listed} photos listed are not in the bucket`);
    } finally {
      await database.destroy();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('never makes an object public: only uploads, reads, lists and deletes reach the bucket', () => {
    expect(standIn.requests.every(({ path }) => !/acl|iam/i.test(path))).toBe(true);
  });
});
