import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { PRIVATE_FILE } from '../db/private-files';

/**
 * The backup file: one plain tar (`tar -tf` lists it), written by this module only.
 *
 *   manifest.json   what the file holds: the format and its version, the database schema
 *                   version, the database's kind and rows per table, and every other file's
 *                   size and SHA-256
 *   database/...    the embedded database's data folder (pglite.tar.gz), or pg_dump's
 *                   custom-format archive of a PostgreSQL server (postgres.dump)
 *   photos/<key>    the delivery photos kept on local disk (a bucket's are listed in the
 *                   manifest instead: they stay in the bucket)
 *
 * A reader refuses a file whose format version it does not know; FORMAT_VERSION goes up with
 * any change an older reader would misread.
 */
export const FORMAT = 'monthly-blooms-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const PHOTOS = 'photos';

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The number of database migrations applied (functions/drizzle), and the last one's name. */
  schema: { version: number; lastMigration: string };
  database: {
    kind: 'pglite' | 'postgres';
    /** The archive member holding the database. */
    file: string;
    /** The PostgreSQL server version it came from (PGlite's own for the embedded database). */
    serverVersion: string;
    /** Rows per table when it was taken: reading the file back must find the same. */
    rows: Record<string, number>;
  };
  /** Photos in the file (local disk), or only listed (a bucket's, which stay there). */
  photos: { store: 'files'; count: number } | { store: 'bucket'; bucket: string; objects: { key: string; size: number }[] };
  /** Every member but the manifest: its size and SHA-256. */
  files: Record<string, { size: number; sha256: string }>;
}

/** A backup file that cannot be used, with a message saying why and what to do. */
export class BackupError extends Error {}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Writes the archive: the manifest, then exactly the files it lists, from `staged` (where
 * `photos` may be a link to the photo folder, followed). Written aside and renamed, so a file
 * with the final name is always whole; readable by this user alone (it holds every subscriber).
 */
export async function writeArchive(target: string, staged: string, manifest: Manifest): Promise<void> {
  fs.writeFileSync(path.join(staged, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${target}.partial`;
  await tar.create({ file: partial, mode: PRIVATE_FILE, cwd: staged, portable: true, follow: true }, [
    MANIFEST,
    ...Object.keys(manifest.files),
  ]);
  // A partial file left by a run that was killed keeps its mode when written again.
  fs.chmodSync(partial, PRIVATE_FILE);
  fs.renameSync(partial, target);
}

/** The sizes and SHA-256 of the given members of a staged folder, as the manifest lists them. */
export async function describeFiles(staged: string, members: string[]): Promise<Manifest['files']> {
  const files: Manifest['files'] = {};
  for (const member of members) {
    const file = path.join(staged, member);
    files[member] = { size: fs.statSync(file).size, sha256: await sha256Of(file) };
  }
  return files;
}

function readManifest(folder: string, source: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${source} is not a Monthly Blooms backup: it has no readable ${MANIFEST}.`);
  }
  if (manifest.format !== FORMAT)
    throw new BackupError(`${source} is not a Monthly Blooms backup (its ${MANIFEST} says format '${String(manifest.format)}').`);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `${source} is a backup of format version ${String(manifest.formatVersion)}; this copy of Monthly Blooms reads version ${FORMAT_VERSION}. Update this copy (git pull, pnpm install) and try again.`,
    );
  }
  return manifest as Manifest;
}

/**
 * Unpacks the archive into `folder` and checks it whole: a known format, and every file the
 * manifest lists there with its size and SHA-256. Returns the manifest.
 */
export async function unpackArchive(file: string, folder: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  fs.mkdirSync(folder, { recursive: true });
  try {
    await tar.extract({ file, cwd: folder, strict: true, preservePaths: false });
  } catch (error) {
    throw new BackupError(
      `${file} is not a Monthly Blooms backup, or is damaged: it cannot be read as a tar file (${(error as Error).message}).`,
    );
  }
  const manifest = readManifest(folder, file);
  for (const [member, expected] of Object.entries(manifest.files)) {
    const unpacked = path.join(folder, member);
    if (!fs.existsSync(unpacked)) throw new BackupError(`${file} is damaged: ${member} is missing from it.`);
    if (fs.statSync(unpacked).size !== expected.size || (await sha256Of(unpacked)) !== expected.sha256)
      throw new BackupError(`${file} is damaged: ${member} is not what was written.`);
  }
  return manifest;
}
