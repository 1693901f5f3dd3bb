import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, type RawQuery } from '../db/database';
import { BackupError, type Manifest } from './archive';

/** The migrations this copy of Monthly Blooms has (functions/drizzle), in order: its schema version is how many. */
export function knownMigrations(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/** What a backup records about the database it copies, read in the same snapshot as the copy. */
export async function readDatabaseFacts(
  query: RawQuery,
): Promise<{ schema: Manifest['schema']; rows: Record<string, number>; serverVersion: string }> {
  const tables = (
    await query(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    )
  ).map((row) => String(row.table_name));
  const counted =
    tables.length === 0
      ? []
      : await query(
          tables
            .map((table) => `select '${table.replace(/'/g, "''")}' as name, count(*)::int as rows from "${table.replace(/"/g, '""')}"`)
            .join(' union all '),
        );
  const [applied] = await query('select count(*)::int as version from drizzle.__drizzle_migrations');
  const [server] = await query('show server_version');
  const version = Number(applied?.version ?? 0);
  return {
    schema: { version, lastMigration: knownMigrations()[version - 1] ?? `migration ${version} (newer than this copy)` },
    rows: Object.fromEntries(counted.map((row) => [String(row.name), Number(row.rows)])),
    serverVersion: String(server?.server_version ?? ''),
  };
}

/** Refuses a backup from a newer Monthly Blooms: its database has migrations this copy does not know. An older one is fine: starting the backend applies the rest. */
export function assertSchemaKnown(manifest: Manifest, source: string): void {
  const known = knownMigrations().length;
  if (manifest.schema.version > known) {
    throw new BackupError(
      `${source} was made by a newer Monthly Blooms: its database is at schema version ${manifest.schema.version} (${manifest.schema.lastMigration}), and this copy knows up to ${known}. ` +
        'Update this copy first (git pull, then pnpm install), then restore again. Nothing was changed.',
    );
  }
}
