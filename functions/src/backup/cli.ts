/**
 * `pnpm backup [file]` and `pnpm restore <file>` at the repository root (docs/operations.md).
 * They read the same settings as the backend (DATA_DIR, DATABASE_URL, STORAGE_BUCKET,
 * BACKUP_DIR), so run them with the environment `pnpm start` or the server runs with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/database';
import { privateFolder } from '../db/private-files';
import { blobStoreFor } from '../infrastructure/blob-store';
import { BackupError } from './archive';
import { backupAndVerify, backupEmbedded, backupServer, verifyOrRemove, type PhotoSource } from './backup';
import { requestBackup, type BackupAnswer } from './control';
import { backupFileName } from './nightly';
import { restoreBackup } from './restore';

/** A path as the person typed it: relative to where they ran pnpm, not to functions/. */
const fromWhereRun = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
/** A file as short as it can be said from where pnpm was run. */
function shown(file: string): string {
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}
type Taken = BackupAnswer & { verifyMs: number; how: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function photoSource(config: ServerConfig): Promise<PhotoSource> {
  return { blobs: await blobStoreFor(config), bucket: config.storageBucket };
}

/**
 * The embedded database: taken by the running backend when there is one (then read back here,
 * sparing the site that work), else opened here, which keeps a backend from starting meanwhile.
 */
async function backupEmbeddedDatabase(config: ServerConfig, file: string): Promise<Taken> {
  const answered = await requestBackup(config.dataDir, file);
  if (answered) {
    return {
      ...answered,
      verifyMs: await verifyOrRemove(file),
      how: `taken by the running backend while it served: requests waited ${answered.databaseMs} ms while the database was copied`,
    };
  }
  const folder = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(folder)) throw new BackupError(`There is no embedded database in ${config.dataDir} to back up (is DATA_DIR right?).`);
  const database = await openDatabase({ url: null, dataDir: folder });
  try {
    const photos = await photoSource(config);
    return {
      ...(await backupAndVerify((target) => backupEmbedded(database, photos, target), file)),
      how: 'taken with the backend stopped',
    };
  } finally {
    await database.close();
  }
}

async function backup(requested: string | undefined): Promise<void> {
  const config = loadConfig();
  // The backup folder is this user's alone; a file named elsewhere is too, in any folder made for it.
  if (!requested) privateFolder(config.backups.dir);
  const file = requested ? fromWhereRun(requested) : path.join(config.backups.dir, backupFileName(new Date(), false));
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: give another file name.`);
  let taken: Taken;
  if (config.databaseUrl) {
    if (config.cloudSql)
      throw new BackupError(
        'CLOUD_SQL_INSTANCE is set: pg_dump cannot reach the instance through the connector. Run the Cloud SQL Auth Proxy and point DATABASE_URL at it (see docs/operations.md).',
      );
    const photos = await photoSource(config);
    const result = await backupAndVerify((target) => backupServer(config.databaseUrl!, photos, target), file);
    taken = { ...result, how: `pg_dump read one snapshot of the PostgreSQL server in ${result.databaseMs} ms while the site kept running` };
  } else {
    taken = await backupEmbeddedDatabase(config, file);
  }
  console.log(`Backed up to ${taken.file}
  ${megabytes(taken.bytes)} in ${taken.totalMs} ms, ${taken.how}.
  Read back and checked in ${taken.verifyMs} ms: every part whole, every table's rows there.
  Keep a copy off this machine. Restore with: pnpm restore ${shown(taken.file)}`);
}

async function restore(requested: string | undefined): Promise<void> {
  if (!requested) throw new BackupError('Say which backup to restore: pnpm restore <file>');
  const config = loadConfig();
  const file = fromWhereRun(requested);
  const restored = await restoreBackup(file, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    blobs: await blobStoreFor(config),
  });
  const { manifest } = restored;
  const rows = Object.entries(manifest.database.rows).filter(([table]) =>
    ['subscriptions', 'ledger_entries', 'deliveries', 'users'].includes(table),
  );
  console.log(`Restored ${file}
  taken ${manifest.createdAt}, database schema version ${manifest.schema.version} (${manifest.schema.lastMigration})
  database: ${restored.database} (${rows.map(([table, count]) => `${count} ${table}`).join(', ')})
  photos: ${restored.photos}
  ${restored.migrationsToApply > 0 ? `Starting the backend applies the ${restored.migrationsToApply} migrations newer than the backup.` : 'The schema is current.'} Start it as usual (pnpm start).`);
}

const [command, argument] = process.argv.slice(2);
const run = command === 'backup' ? backup : command === 'restore' ? restore : null;
if (!run) {
  console.error('Usage: pnpm backup [file] | pnpm restore <file>');
  process.exit(2);
}
run(argument).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof BackupError ? error.message : `The ${command} failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
