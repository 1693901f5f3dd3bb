import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { subscriptions, workerRuns } from '../src/db/schema';
import { localBlobStore } from '../src/infrastructure/blob-store';
import { BackupError, FORMAT_VERSION, type Manifest } from '../src/backup/archive';
import { backupAndVerify, backupEmbedded, backupServer, verifyBackup } from '../src/backup/backup';
import { requestBackup, serveBackupRequests } from '../src/backup/control';
import { backupFileName, nextNightlyRun, NightlyBackups, nightlyBackups } from '../src/backup/nightly';
import { restoreBackup } from '../src/backup/restore';
import { knownMigrations } from '../src/backup/schema-version';
import { checkHealth } from '../src/infrastructure/health';
import { createEmptyDatabase, createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription } from './support/fixtures';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PHOTO = Buffer.from('a door photo');
const SCHEMA_VERSION = knownMigrations().length;

const made: string[] = [];
const tempFolder = (name: string) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `blooms-${name}-`));
  made.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
});

/** The same backup with its manifest changed as `change` says: how a file from another copy of the product looks. */
async function withManifest(file: string, change: (manifest: Manifest) => void): Promise<string> {
  const folder = tempFolder('edit');
  await tar.extract({ file, cwd: folder });
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
  change(manifest);
  fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
  const edited = `${file}.edited.tar`;
  await tar.create({ file: edited, cwd: folder }, fs.readdirSync(folder));
  return edited;
}

async function rowsIn(dataDir: string) {
  const restored = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return (await restored.query<{ last_name: string }>('select last_name from subscriptions order by last_name')).rows.map(
      (row) => row.last_name,
    );
  } finally {
    await restored.close();
  }
}

describe.each(DATABASE_KINDS)('a backup of the %s database and its photos', (kind) => {
  let database: TestDatabase;
  let photos: string;
  let work: string;
  let file: string;

  const take = (target: string) => {
    const source = { blobs: localBlobStore(photos), bucket: null };
    return kind === 'pglite' ? backupEmbedded(database, source, target) : backupServer(database.url!, source, target);
  };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    photos = tempFolder('photos');
    work = tempFolder('backups');
    await addSubscription(database.db, { lastName: 'Alvarez' });
    await addSubscription(database.db, { lastName: 'Brooks' });
    const blobs = localBlobStore(photos);
    await blobs.put('proofs/2026-11/door-1.jpg', PHOTO);
    await blobs.put('proofs/2026-12/door-2.jpg', PHOTO);
    // A photo still being written is not one yet.
    fs.writeFileSync(path.join(photos, 'proofs', '2026-12', 'door-3.jpg.123.456.part'), 'half');
    file = path.join(work, 'kept', 'backup.tar');
    const umask = process.umask(0o022);
    try {
      await backupAndVerify(take, file);
    } finally {
      process.umask(umask);
    }
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(photos, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('is one tar file whose manifest says its format, schema version, rows and parts', async () => {
    const members: string[] = [];
    await tar.list({ file, onReadEntry: (entry) => void members.push(entry.path) });
    const dump = kind === 'pglite' ? 'database/pglite.tar.gz' : 'database/postgres.dump';
    expect(members[0]).toBe('manifest.json');
    expect(members).toEqual(expect.arrayContaining([dump, 'photos/proofs/2026-11/door-1.jpg', 'photos/proofs/2026-12/door-2.jpg']));
    expect(members.some((member) => member.endsWith('.part'))).toBe(false);
    const manifest = await verifyBackup(file);
    expect(manifest).toMatchObject({
      format: 'monthly-blooms-backup',
      formatVersion: FORMAT_VERSION,
      schema: { version: SCHEMA_VERSION, lastMigration: knownMigrations().at(-1) },
      database: { kind, file: dump },
      photos: { store: 'files', count: 2 },
    });
    expect(manifest.database.rows).toMatchObject({ subscriptions: 2, users: 0, worker_runs: 0 });
    expect(Object.keys(manifest.files).sort()).toEqual([dump, 'photos/proofs/2026-11/door-1.jpg', 'photos/proofs/2026-12/door-2.jpg']);
  });

  it('is readable by its user alone, in a folder only they may open, whatever the umask', () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    // Nothing else was left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['backup.tar']);
  });

  it('restores into an empty data folder (and, from PostgreSQL, an empty database): every row and photo', async () => {
    const dataDir = path.join(tempFolder('restore'), 'data');
    const target = kind === 'postgres' ? await createEmptyDatabase('postgres') : null;
    try {
      const restored = await restoreBackup(file, {
        dataDir,
        databaseUrl: target?.url ?? null,
        blobs: localBlobStore(path.join(dataDir, 'blobs')),
      });
      expect(restored.migrationsToApply).toBe(0);
      expect(fs.readFileSync(path.join(dataDir, 'blobs', 'proofs', '2026-11', 'door-1.jpg'))).toEqual(PHOTO);
      expect(fs.existsSync(path.join(dataDir, 'blobs', 'proofs', '2026-12', 'door-3.jpg.123.456.part'))).toBe(false);
      if (target) {
        await target.migrate();
        expect(
          (await target.db.select({ lastName: subscriptions.lastName }).from(subscriptions).orderBy(subscriptions.lastName)).map(
            (row) => row.lastName,
          ),
        ).toEqual(['Alvarez', 'Brooks']);
      } else {
        expect(await rowsIn(dataDir)).toEqual(['Alvarez', 'Brooks']);
      }
    } finally {
      await target?.destroy();
    }
  });

  it('refuses to restore over anything, and says how to go on', async () => {
    const dataDir = tempFolder('full');
    fs.writeFileSync(path.join(dataDir, 'something.txt'), 'kept');
    if (kind === 'pglite') {
      await expect(restoreBackup(file, { dataDir, databaseUrl: null, blobs: localBlobStore(path.join(dataDir, 'blobs')) })).rejects.toThrow(
        `The data folder ${dataDir} is not empty. A restore goes into an empty data folder, so nothing is overwritten`,
      );
      await expect(
        restoreBackup(file, {
          dataDir: path.join(dataDir, 'new'),
          databaseUrl: 'postgres://postgres@127.0.0.1:5432/x',
          blobs: localBlobStore(path.join(dataDir, 'blobs')),
        }),
      ).rejects.toThrow('is a backup of the embedded database: it restores into DATA_DIR. Unset DATABASE_URL');
    } else {
      await expect(
        restoreBackup(file, { dataDir, databaseUrl: database.url, blobs: localBlobStore(path.join(dataDir, 'blobs')) }),
      ).rejects.toThrow('The database DATABASE_URL names is not empty.');
      await expect(restoreBackup(file, { dataDir, databaseUrl: null, blobs: localBlobStore(path.join(dataDir, 'blobs')) })).rejects.toThrow(
        'Set DATABASE_URL',
      );
      expect(await database.db.select().from(subscriptions)).toHaveLength(2);
    }
    expect(fs.readdirSync(dataDir)).toEqual(['something.txt']);
  });

  it('refuses a backup from a newer Monthly Blooms, and a format it cannot read, before touching anything', async () => {
    const newer = await withManifest(file, (manifest) => {
      manifest.schema = { version: SCHEMA_VERSION + 1, lastMigration: '9999_from_the_future' };
    });
    const dataDir = path.join(tempFolder('newer'), 'data');
    const target = { dataDir, databaseUrl: kind === 'postgres' ? database.url : null, blobs: localBlobStore(path.join(dataDir, 'blobs')) };
    await expect(restoreBackup(newer, target)).rejects.toThrow(
      `${newer} was made by a newer Monthly Blooms: its database is at schema version ${SCHEMA_VERSION + 1} (9999_from_the_future), and this copy knows up to ${SCHEMA_VERSION}. Update this copy first (git pull, then pnpm install), then restore again. Nothing was changed.`,
    );
    const later = await withManifest(file, (manifest) => {
      manifest.formatVersion = FORMAT_VERSION + 1;
    });
    await expect(restoreBackup(later, target)).rejects.toThrow(
      `is a backup of format version ${FORMAT_VERSION + 1}; this copy of Monthly Blooms reads version ${FORMAT_VERSION}`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('is found damaged when a part or a row count is not what was written', async () => {
    const notATar = path.join(work, 'notes.txt');
    fs.writeFileSync(notATar, 'shopping list');
    await expect(verifyBackup(notATar)).rejects.toThrow(BackupError);

    const swapped = await withManifest(file, (manifest) => {
      manifest.files['photos/proofs/2026-11/door-1.jpg']!.sha256 = '0'.repeat(64);
    });
    await expect(verifyBackup(swapped)).rejects.toThrow('is damaged: photos/proofs/2026-11/door-1.jpg is not what was written.');

    const short = await withManifest(file, (manifest) => {
      manifest.database.rows.subscriptions = 3;
    });
    await expect(verifyBackup(short)).rejects.toThrow('does not hold what was backed up: subscriptions has 2 rows, not 3.');
  });
});

describe('the embedded database backed up while its backend runs', () => {
  it('is asked through the data folder’s socket, and holds every write committed before the request', async () => {
    const dataDir = tempFolder('running');
    const database = await openDatabase({ url: null, dataDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const source = { blobs: localBlobStore(path.join(dataDir, 'blobs')), bucket: null };
    const stop = await serveBackupRequests(dataDir, (file) => backupEmbedded(database, source, file), quiet);
    try {
      expect(fs.statSync(path.join(dataDir, 'backend.sock')).mode & 0o777).toBe(0o600);
      await addSubscription(database.db, { lastName: 'Before' });
      // Writes keep coming while the backup is taken: they are in it whole, or not at all.
      let writing = true;
      const writer = (async () => {
        for (let n = 0; writing; n++) {
          await addSubscription(database.db, { lastName: `During${n}` });
          // Embedded writes need no I/O: let the socket's request in between, as requests come in a server.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const file = path.join(tempFolder('asked-file'), 'asked.tar');
      const answer = await requestBackup(dataDir, file);
      writing = false;
      await writer;
      expect(answer).toMatchObject({ file, bytes: fs.statSync(file).size });
      const manifest = await verifyBackup(file);
      const restoredTo = path.join(tempFolder('asked'), 'data');
      await restoreBackup(file, { dataDir: restoredTo, databaseUrl: null, blobs: localBlobStore(path.join(restoredTo, 'blobs')) });
      const restored = await rowsIn(restoredTo);
      expect(restored).toContain('Before');
      expect(restored).toHaveLength(manifest.database.rows.subscriptions!);
    } finally {
      await stop();
      await database.close();
    }
    expect(await requestBackup(dataDir, '/tmp/never.tar')).toBeNull();
  });

  it('refuses a request that is not an absolute file, and says why a backup failed', async () => {
    const dataDir = tempFolder('refusing');
    const stop = await serveBackupRequests(
      dataDir,
      async () => {
        throw new BackupError('The disk is full.');
      },
      quiet,
    );
    try {
      await expect(requestBackup(dataDir, 'relative.tar')).rejects.toThrow('Send {"file": "<absolute path>"}.');
      await expect(requestBackup(dataDir, '/tmp/full.tar')).rejects.toThrow('The disk is full.');
    } finally {
      await stop();
    }
  });
});

describe('nightly backups', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
  });
  afterAll(() => database.destroy());

  it('run at the set hour of the studio’s night, the next one after now', () => {
    // 2026-11-25 is in Mountain Standard Time (UTC-7): 2 am there is 09:00 UTC.
    expect(nextNightlyRun(new Date('2026-11-25T08:59:00Z'), 2).toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-11-25T09:00:00Z'), 2).toISOString()).toBe('2026-11-26T09:00:00.000Z');
    // In July, daylight time (UTC-6): 2 am is 08:00 UTC.
    expect(nextNightlyRun(new Date('2026-07-01T12:00:00Z'), 2).toISOString()).toBe('2026-07-02T08:00:00.000Z');
  });

  it('are on by default for the embedded database only, beside the data folder, 14 kept', () => {
    expect(loadConfig({ DATA_DIR: '/srv/blooms/data' }).backups).toEqual({
      dir: '/srv/blooms/data-backups',
      keep: 14,
      nightly: true,
      hour: 2,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/blooms' }).backups.nightly).toBe(false);
    expect(loadConfig({ BACKUP_NIGHTLY: 'false' }).backups.nightly).toBe(false);
    expect(() => loadConfig({ BACKUP_HOUR: '24' })).toThrow('BACKUP_HOUR must be an hour from 0 to 23');
  });

  it('keep the newest ones, leave other files alone, and tell the health check how each went', async () => {
    const dir = tempFolder('nightly');
    fs.chmodSync(dir, 0o755);
    const old = Array.from({ length: 4 }, (_, day) => backupFileName(new Date(Date.UTC(2026, 10, 10 + day, 9)), true));
    for (const name of old) fs.writeFileSync(path.join(dir, name), 'old');
    fs.writeFileSync(path.join(dir, backupFileName(new Date(Date.UTC(2026, 10, 1, 9)), false)), 'taken by hand');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    let fail = false;
    const nightly = new NightlyBackups(
      async (file) => {
        if (fail) throw new BackupError('The disk is full.');
        fs.writeFileSync(file, 'new');
        return { bytes: 3, totalMs: 1, databaseMs: 1, verifyMs: 1 };
      },
      { dir, keep: 3, nightly: true, hour: 2 },
      database.db,
      quiet,
    );
    await nightly.start();
    await nightly.run();
    // The backup folder is the backend user's alone.
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const kept = nightlyBackups(dir);
    expect(kept).toHaveLength(3);
    expect(kept.slice(0, 2)).toEqual(old.slice(2));
    expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining(['notes.txt', backupFileName(new Date(Date.UTC(2026, 10, 1, 9)), false)]));
    const health = () => checkHealth(database, { nightlyBackups: true, log: quiet });
    expect((await health()).checks.backups).toMatchObject({ ok: true });

    fail = true;
    await nightly.run();
    await nightly.close();
    expect(nightlyBackups(dir)).toEqual(kept);
    expect((await health()).problems).toEqual(['The last nightly backup failed: see the backend log.']);
    const [run] = await database.db.select().from(workerRuns).where(eq(workerRuns.worker, 'backup'));
    expect(run).toMatchObject({ lastOk: false });
  });
});
