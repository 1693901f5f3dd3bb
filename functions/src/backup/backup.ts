import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Client } from 'pg';
import type { Database, RawQuery } from '../db/database';
import type { BlobStore } from '../infrastructure/blob-store';
import { BackupError, describeFiles, FORMAT, FORMAT_VERSION, PHOTOS, unpackArchive, writeArchive, type Manifest } from './archive';
import { runPostgresTool } from './postgres-tools';
import { readDatabaseFacts } from './schema-version';
import { PRIVATE_FOLDER } from '../db/private-files';

export const EMBEDDED_DUMP = 'database/pglite.tar.gz';
export const SERVER_DUMP = 'database/postgres.dump';

/** Where the photos are: the store, and the bucket's name when it is one. */
export interface PhotoSource {
  blobs: BlobStore;
  bucket: string | null;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** How long the database was held still (embedded) or dumped (PostgreSQL), and the whole backup, in milliseconds. */
  databaseMs: number;
  totalMs: number;
  manifest: Manifest;
}

/** A folder beside the target for the parts of the file (made private, as any folder above it this makes), removed whatever happens. */
async function withStaging<T>(target: string, work: (staged: string) => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
  const staged = fs.mkdtempSync(`${target}.staging-`);
  try {
    fs.mkdirSync(path.join(staged, 'database'));
    return await work(staged);
  } finally {
    fs.rmSync(staged, { recursive: true, force: true });
  }
}

/**
 * The photos, listed after the database was copied: a photo is stored before the row that
 * names it commits, so every photo the copy names is there. Local photos go into the file
 * (through a link to their folder); a bucket's are listed, and stay in the bucket.
 */
async function stagePhotos(staged: string, photos: PhotoSource): Promise<{ manifest: Manifest['photos']; members: string[] }> {
  const stored = await photos.blobs.list();
  if (!photos.blobs.folder) return { manifest: { store: 'bucket', bucket: photos.bucket ?? '', objects: stored }, members: [] };
  if (stored.length > 0) fs.symlinkSync(photos.blobs.folder, path.join(staged, PHOTOS), 'dir');
  return { manifest: { store: 'files', count: stored.length }, members: stored.map((blob) => `${PHOTOS}/${blob.key}`) };
}

async function finish(
  target: string,
  staged: string,
  startedAt: number,
  databaseMs: number,
  database: Omit<Manifest['database'], 'file' | 'rows'> & { file: string; facts: Awaited<ReturnType<typeof readDatabaseFacts>> },
  photos: PhotoSource,
): Promise<BackupResult> {
  const photoPart = await stagePhotos(staged, photos);
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date(startedAt).toISOString(),
    schema: database.facts.schema,
    database: { kind: database.kind, file: database.file, serverVersion: database.facts.serverVersion, rows: database.facts.rows },
    photos: photoPart.manifest,
    files: await describeFiles(staged, [database.file, ...photoPart.members]),
  };
  await writeArchive(target, staged, manifest);
  return { file: target, bytes: fs.statSync(target).size, databaseMs, totalMs: Date.now() - startedAt, manifest };
}

/**
 * Backs up the embedded database open in this process, and the photos, into one file. The
 * database is copied whole between two transactions (Database.snapshot), so the file holds
 * every write acknowledged before the backup began; requests wait meanwhile (databaseMs).
 */
export async function backupEmbedded(database: Database, photos: PhotoSource, target: string): Promise<BackupResult> {
  if (!database.snapshot) throw new Error('backupEmbedded needs the embedded database');
  const snapshot = database.snapshot;
  return withStaging(target, async (staged) => {
    const startedAt = Date.now();
    const { data, read: facts } = await snapshot(readDatabaseFacts);
    const databaseMs = Date.now() - startedAt;
    await pipeline(
      Readable.from([Buffer.from(await data.arrayBuffer())]),
      zlib.createGzip(),
      fs.createWriteStream(path.join(staged, EMBEDDED_DUMP)),
    );
    return finish(
      target,
      staged,
      startedAt,
      databaseMs,
      { kind: 'pglite', file: EMBEDDED_DUMP, serverVersion: facts.serverVersion, facts },
      photos,
    );
  });
}

/**
 * Backs up a PostgreSQL server with pg_dump (custom format), and the photos. The rows counted
 * for the manifest and pg_dump's copy are one snapshot: a repeatable-read transaction exports
 * it and pg_dump reads through it, while the site keeps running.
 */
export async function backupServer(url: string, photos: PhotoSource, target: string): Promise<BackupResult> {
  return withStaging(target, async (staged) => {
    const startedAt = Date.now();
    const client = new Client({ connectionString: url });
    await client.connect();
    let facts: Awaited<ReturnType<typeof readDatabaseFacts>>;
    try {
      await client.query('begin isolation level repeatable read read only');
      const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [
        { snapshot: string },
      ];
      facts = await readDatabaseFacts(async (text) => (await client.query(text)).rows);
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-acl', `--snapshot=${snapshot}`, `--file=${path.join(staged, SERVER_DUMP)}`],
        url,
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
    return finish(
      target,
      staged,
      startedAt,
      Date.now() - startedAt,
      { kind: 'postgres', file: SERVER_DUMP, serverVersion: facts.serverVersion, facts },
      photos,
    );
  });
}

/** Rows per table in a pg_dump archive, counted from the COPY blocks pg_restore writes out. */
async function rowsInDump(file: string): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  let table: string | null = null;
  await runPostgresTool('pg_restore', ['--data-only', '--file=-', file], null, (line) => {
    if (table === null) {
      const copy = /^COPY public\.("?)([^"\s(]+)\1 /.exec(line);
      if (copy) {
        table = copy[2]!;
        rows[table] = 0;
      }
    } else if (line === '\\.') table = null;
    else rows[table] = (rows[table] ?? 0) + 1;
  });
  return rows;
}

/** Rows per table in an embedded database's copied folder, opened in memory. */
async function rowsInEmbedded(file: string): Promise<Record<string, number>> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const copy = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]), extensions: { pg_trgm } });
  try {
    const query: RawQuery = async (text) => (await copy.query<Record<string, unknown>>(text)).rows;
    return (await readDatabaseFacts(query)).rows;
  } finally {
    await copy.close();
  }
}

/**
 * Reads a backup file back as a restore would: unpacks it, checks every part against its
 * SHA-256, opens the database it holds, and finds the rows per table the manifest says were
 * there. Throws a BackupError saying what is wrong.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const folder = fs.mkdtempSync(`${file}.verify-`);
  try {
    const manifest = await unpackArchive(file, folder);
    const dump = path.join(folder, manifest.database.file);
    const found = manifest.database.kind === 'pglite' ? await rowsInEmbedded(dump) : await rowsInDump(dump);
    const expected = manifest.database.rows;
    const differing = [...new Set([...Object.keys(expected), ...Object.keys(found)])].filter(
      (table) => (found[table] ?? 0) !== (expected[table] ?? 0),
    );
    if (differing.length > 0) {
      throw new BackupError(
        `${file} does not hold what was backed up: ${differing.map((table) => `${table} has ${found[table] ?? 0} rows, not ${expected[table] ?? 0}`).join('; ')}.`,
      );
    }
    return manifest;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Reads a backup just written back; one that does not verify is removed, and the error says why. Resolves with how long it took. */
export async function verifyOrRemove(file: string): Promise<number> {
  const started = Date.now();
  try {
    await verifyBackup(file);
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error instanceof BackupError
      ? error
      : new BackupError(`The backup did not read back, so it was removed: ${(error as Error).message}`);
  }
  return Date.now() - started;
}

/** A backup, read back before it counts. */
export async function backupAndVerify(
  take: (target: string) => Promise<BackupResult>,
  target: string,
): Promise<BackupResult & { verifyMs: number }> {
  const result = await take(target);
  return { ...result, verifyMs: await verifyOrRemove(target) };
}
