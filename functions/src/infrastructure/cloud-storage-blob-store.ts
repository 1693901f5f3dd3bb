import { Readable } from 'node:stream';
import type { BlobStore } from './blob-store';

/**
 * Photos in a Cloud Storage bucket. The bucket stays private: the API streams a photo to
 * staff who may see it, no object is ever public. With STORAGE_EMULATOR_HOST set, the client
 * talks to that server instead (the tests' stand-in).
 */
export async function cloudStorageBlobStore(bucketName: string): Promise<BlobStore> {
  const { Storage } = await import('@google-cloud/storage');
  const bucket = new Storage().bucket(bucketName);
  return {
    async put(key, data) {
      // One request (no resumable session) for photos of a few MB; the object appears whole or not at all.
      await bucket.file(key).save(data, { resumable: false, contentType: 'application/octet-stream' });
    },
    async get(key) {
      try {
        const [data] = await bucket.file(key).download();
        return Readable.from([data]);
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await bucket.file(key).delete({ ignoreNotFound: true });
    },
    async list() {
      const [files] = await bucket.getFiles({ autoPaginate: true });
      return files.map((file) => ({ key: file.name, size: Number(file.metadata.size ?? 0) }));
    },
    folder: null,
  };
}
