import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where delivery photos live. A cloud bucket can implement the same interface. */
export interface BlobStore {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<Readable | null>;
  delete: (key: string) => Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe blob key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a photo.
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
