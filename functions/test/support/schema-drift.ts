// Compares what functions/src/db/schema/ declares with what the migrations actually built, so
// a migration written by hand that forgets a column, a type, a default or an index (or a schema
// change with no migration) is caught by the test suite rather than in production.
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/database';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  /** The default as PostgreSQL prints it, or null; the schema's SQL defaults are only checked to exist. */
  default: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** Index name -> "unique? (columns or expression) where ...", as far as it can be read from both sides. */
  indexes: Record<string, string>;
}

export type SchemaShape = Record<string, TableShape>;

/** serial types are integers with a sequence default once created. */
const CREATED_AS: Record<string, string> = { bigserial: 'bigint', serial: 'integer', smallserial: 'smallint' };

function literalDefault(value: unknown, type: string): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return '(sql)';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'::${type}`;
  return `'${JSON.stringify(value)}'::${type}`;
}

function indexSignature(unique: boolean, method: string, columns: string[] | null, where: boolean): string {
  return `${unique ? 'unique ' : ''}${method === 'btree' ? '' : `${method} `}(${columns ? columns.join(', ') : 'expression'})${where ? ' where …' : ''}`;
}

/** What the drizzle schema objects in the given module declare. */
export function declaredShape(schemaModule: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = {};
  for (const table of Object.values(schemaModule)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
    const columns: Record<string, ColumnShape> = {};
    for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
      const declaredType = column.getSQLType();
      const type = CREATED_AS[declaredType] ?? declaredType;
      const serial = declaredType in CREATED_AS;
      columns[column.name] = {
        type,
        notNull: column.notNull || column.primary || compositeKey.includes(column.name),
        default: serial ? '(sequence)' : literalDefault(column.default, type),
      };
    }
    const primaryKey =
      compositeKey.length > 0
        ? compositeKey
        : Object.values(getTableColumns(table))
            .filter((c) => (c as PgColumn).primary)
            .map((c) => (c as PgColumn).name);
    const indexes: Record<string, string> = {};
    for (const index of config.indexes) {
      const { name, columns: on, unique, where, method } = index.config;
      const names = on.every((part) => !is(part, SQL)) ? on.map((part) => (part as PgColumn).name) : null;
      indexes[name ?? '(unnamed)'] = indexSignature(unique, method ?? 'btree', names, Boolean(where));
    }
    shape[config.name] = { columns, primaryKey, indexes };
  }
  return shape;
}

async function rows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  // Both drivers return { rows }; the shared database type does not say so.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Reads an indexdef's column list: "CREATE INDEX x ON public.t USING btree (a, b) WHERE ..." -> ['a', 'b'], or null for an expression. */
function indexedColumns(definition: string): string[] | null {
  const match = /USING \w+ \((.*?)\)(?: WHERE .*)?$/.exec(definition);
  if (!match?.[1]) return null;
  const parts = match[1].split(',').map((part) => part.trim().replace(/^"|"$/g, ''));
  return parts.every((part) => /^\w+$/.test(part)) ? parts : null;
}

/** What the database's public schema holds, read from the catalogs (the same on PGlite and PostgreSQL). */
export async function migratedShape(db: Database['db']): Promise<SchemaShape> {
  const columns = await rows<{ table_name: string; column_name: string; type: string; not_null: boolean; column_default: string | null }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
               a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as column_default
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
         where c.relkind = 'r'
         order by c.relname, a.attnum`,
  );
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          cross join lateral unnest(k.conkey) with ordinality as key(attnum, position)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = key.attnum
         where k.contype = 'p'
         order by c.relname, key.position`,
  );
  const indexes = await rows<{ tablename: string; indexname: string; indexdef: string }>(
    db,
    sql`select i.tablename, i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = 'public'
           and not exists (select 1 from pg_constraint k where k.conname = i.indexname and k.contype in ('p', 'u'))
         order by i.tablename, i.indexname`,
  );
  const shape: SchemaShape = {};
  const table = (name: string) => (shape[name] ??= { columns: {}, primaryKey: [], indexes: {} });
  for (const column of columns) {
    const fromSequence = column.column_default?.startsWith('nextval(') ?? false;
    table(column.table_name).columns[column.column_name] = {
      type: column.type,
      notNull: column.not_null,
      default: fromSequence ? '(sequence)' : column.column_default,
    };
  }
  for (const key of keys) table(key.table_name).primaryKey.push(key.column_name);
  for (const index of indexes) {
    table(index.tablename).indexes[index.indexname] = indexSignature(
      index.indexdef.startsWith('CREATE UNIQUE'),
      /USING (\w+)/.exec(index.indexdef)?.[1] ?? 'btree',
      indexedColumns(index.indexdef),
      / WHERE /.test(index.indexdef),
    );
  }
  return shape;
}

/** One line per difference, readable in a test failure; empty when the two agree. */
export function schemaDifferences(declared: SchemaShape, migrated: SchemaShape): string[] {
  const differences: string[] = [];
  const tables = [...new Set([...Object.keys(declared), ...Object.keys(migrated)])].sort();
  for (const name of tables) {
    const want = declared[name];
    const have = migrated[name];
    if (!want) {
      differences.push(`table ${name}: in the migrated database, not in the schema`);
      continue;
    }
    if (!have) {
      differences.push(`table ${name}: in the schema, not in the migrated database`);
      continue;
    }
    for (const column of [...new Set([...Object.keys(want.columns), ...Object.keys(have.columns)])]) {
      const a = want.columns[column];
      const b = have.columns[column];
      const where = `${name}.${column}`;
      if (!a) {
        differences.push(`column ${where}: in the migrated database, not in the schema`);
        continue;
      }
      if (!b) {
        differences.push(`column ${where}: in the schema (${a.type}), not in the migrated database`);
        continue;
      }
      if (a.type !== b.type) differences.push(`column ${where}: the schema says type ${a.type}, the database has ${b.type}`);
      if (a.notNull !== b.notNull)
        differences.push(
          `column ${where}: the schema says ${a.notNull ? 'not null' : 'nullable'}, the database has it ${b.notNull ? 'not null' : 'nullable'}`,
        );
      const sameDefault = a.default === b.default || (a.default === '(sql)' && b.default !== null && b.default !== '(sequence)');
      if (!sameDefault)
        differences.push(`column ${where}: the schema says default ${a.default ?? 'none'}, the database has ${b.default ?? 'none'}`);
    }
    if (want.primaryKey.join(', ') !== have.primaryKey.join(', '))
      differences.push(
        `table ${name}: the schema says primary key (${want.primaryKey.join(', ')}), the database has (${have.primaryKey.join(', ')})`,
      );
    for (const index of [...new Set([...Object.keys(want.indexes), ...Object.keys(have.indexes)])]) {
      const a = want.indexes[index];
      const b = have.indexes[index];
      if (!a) differences.push(`index ${index} on ${name}: in the migrated database, not in the schema`);
      else if (!b) differences.push(`index ${index} on ${name}: in the schema, not in the migrated database`);
      else if (a !== b) differences.push(`index ${index} on ${name}: the schema says ${a}, the database has ${b}`);
    }
  }
  return differences;
}
