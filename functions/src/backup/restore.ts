import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { BlobStore } from '../infrastructure/blob-store';
import { BackupError, PHOTOS, unpackArchive, type Manifest } from './archive';
import { runPostgresTool } from './postgres-tools';
import { assertSchemaKnown, knownMigrations } from './schema-version';

/** Where a restore puts things: the settings the backend will start with. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | null;
  /** The photo store the backend uses; a bucket's photos are checked to be there, not copied. */
  blobs: BlobStore;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the database went, and the photos (a folder), or how many listed photos the bucket lacks. */
  database: string;
  photos: string;
  /** The migrations the backend will apply when it next starts (a backup from an older copy). */
  migrationsToApply: number;
}

function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

/** Refuses to restore over anything: nothing is ever overwritten. */
function assertEmptyDataDir(dataDir: string): void {
  if (!isEmptyFolder(dataDir)) {
    throw new BackupError(
      `The data folder ${dataDir} is not empty. A restore goes into an empty data folder, so nothing is overwritten: stop the backend, move the folder aside (for example: mv .data .data-before-restore), and run the restore again. Or set DATA_DIR to a new folder.`,
    );
  }
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.tables > 0) {
      throw new BackupError(
        'The database DATABASE_URL names is not empty. A restore goes into an empty database, so nothing is overwritten: create a new one (CREATE DATABASE ...), point DATABASE_URL at it, and run the restore again.',
      );
    }
  } finally {
    await client.end();
  }
}

/** The embedded database's folder made from the copy in the backup. */
async function restoreEmbedded(dump: string, folder: string): Promise<void> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const restored = await PGlite.create(folder, { loadDataDir: new Blob([fs.readFileSync(dump)]), extensions: { pg_trgm } });
  await restored.close();
}

/** Moves the backup's photo files into the photo folder; for a bucket, says how many listed photos it lacks. */
async function restorePhotos(manifest: Manifest, unpacked: string, blobs: BlobStore): Promise<string> {
  if (manifest.photos.store === 'bucket') {
    const present = new Set((await blobs.list()).map((blob) => blob.key));
    const missing = manifest.photos.objects.filter((object) => !present.has(object.key)).length;
    return missing === 0
      ? `all ${manifest.photos.objects.length} photos listed are in the bucket`
      : `${missing} of the ${manifest.photos.objects.length} photos listed are not in the bucket`;
  }
  if (!blobs.folder)
    throw new BackupError(
      'This backup holds its photos as files, but STORAGE_BUCKET is set: unset it to restore the photos to the data folder, or upload them to the bucket yourself from the backup (tar -xf).',
    );
  const from = path.join(unpacked, PHOTOS);
  if (!isEmptyFolder(blobs.folder))
    throw new BackupError(`The photo folder ${blobs.folder} is not empty: restore into an empty data folder.`);
  if (fs.existsSync(from)) {
    fs.rmSync(blobs.folder, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(blobs.folder), { recursive: true });
    fs.renameSync(from, blobs.folder);
  }
  return `${manifest.photos.count} photos into ${blobs.folder}`;
}

/**
 * Restores a backup file: the embedded database into an empty data folder, or a PostgreSQL
 * backup into the empty database DATABASE_URL names (pg_restore), and the photos. Checks
 * everything first: the file whole, its schema not newer than this copy's, the targets
 * empty; on any refusal nothing has been changed.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  // Beside the data folder: the photos are moved from there into it, on the same disk.
  fs.mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
  const unpacked = fs.mkdtempSync(path.join(path.dirname(path.resolve(target.dataDir)), '.restoring-'));
  try {
    const manifest = await unpackArchive(file, unpacked);
    assertSchemaKnown(manifest, file);
    const dump = path.join(unpacked, manifest.database.file);
    let database: string;
    if (manifest.database.kind === 'pglite') {
      if (target.databaseUrl)
        throw new BackupError(
          `${file} is a backup of the embedded database: it restores into DATA_DIR. Unset DATABASE_URL and run the restore again.`,
        );
      assertEmptyDataDir(target.dataDir);
      database = path.join(target.dataDir, 'pglite');
      fs.mkdirSync(target.dataDir, { recursive: true });
      await restoreEmbedded(dump, database);
    } else {
      if (!target.databaseUrl)
        throw new BackupError(
          `${file} is a backup of a PostgreSQL server: it restores into the empty database DATABASE_URL names. Set DATABASE_URL and run the restore again.`,
        );
      await assertEmptyDatabase(target.databaseUrl);
      if (manifest.photos.store === 'files' && target.blobs.folder) assertEmptyDataDir(target.blobs.folder);
      await runPostgresTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${new URL(target.databaseUrl).pathname.slice(1)}`,
          dump,
        ],
        target.databaseUrl,
      );
      database = `the PostgreSQL database ${new URL(target.databaseUrl).pathname.slice(1)}`;
    }
    const photos = await restorePhotos(manifest, unpacked, target.blobs);
    return { manifest, database, photos, migrationsToApply: knownMigrations().length - manifest.schema.version };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
