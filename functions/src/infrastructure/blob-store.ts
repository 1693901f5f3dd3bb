import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cloudStorageBlobStore } from './cloud-storage-blob-store';

/** Where delivery photos live. A cloud bucket can implement the same interface. */
export interface BlobStore {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<Readable | null>;
  delete: (key: string) => Promise<void>;
  /** Every photo stored, with its size (for backups). */
  list: () => Promise<StoredBlob[]>;
  /** The folder the photos are files in (local disk); null for a bucket. */
  folder: string | null;
}

export interface StoredBlob {
  key: string;
  size: number;
}

/** Files still being written (put's temporary names) are not photos yet. */
const IN_PROGRESS = /\.part$/;

async function filesUnder(root: string, prefix = ''): Promise<StoredBlob[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: StoredBlob[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, key)));
    else if (entry.isFile() && !IN_PROGRESS.test(entry.name))
      found.push({ key, size: (await fs.promises.stat(path.join(root, key))).size });
  }
  return found;
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
    list: () => filesUnder(root),
    folder: root,
  };
}

/** The photo store the settings name: the Cloud Storage bucket (STORAGE_BUCKET), else the data folder's blobs/. */
export async function blobStoreFor(config: { storageBucket: string | null; dataDir: string }): Promise<BlobStore> {
  return config.storageBucket ? cloudStorageBlobStore(config.storageBucket) : localBlobStore(path.join(config.dataDir, 'blobs'));
}
