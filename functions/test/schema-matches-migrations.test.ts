import * as schema from '../src/db/schema';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { declaredShape, migratedShape, schemaDifferences } from './support/schema-drift';

// Migrations are written by hand (docs/database.md); this is what keeps them and the schema (db/schema/), which
// the queries are typed from, describing the same database.
describe.each(DATABASE_KINDS)('the migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('build exactly the tables, columns, types, nullability, defaults, primary keys and indexes the schema declares', async () => {
    const differences = schemaDifferences(declaredShape(schema), await migratedShape(database.db));
    expect(differences.join('\n')).toBe('');
  });
});

describe('the schema comparison', () => {
  it('names each kind of difference in a line of its own', () => {
    const column = { type: 'text', notNull: true, default: null };
    const declared = {
      a: {
        columns: { id: column, note: column, size: { type: 'integer', notNull: false, default: '0' } },
        primaryKey: ['id'],
        indexes: { a_idx: '(note)' },
      },
      only_declared: { columns: {}, primaryKey: [], indexes: {} },
    };
    const migrated = {
      a: {
        columns: { id: column, size: { type: 'bigint', notNull: true, default: null }, extra: column },
        primaryKey: ['id'],
        indexes: { a_idx: 'unique (note)' },
      },
    };
    expect(schemaDifferences(declared, migrated)).toEqual([
      'column a.note: in the schema (text), not in the migrated database',
      'column a.size: the schema says type integer, the database has bigint',
      'column a.size: the schema says nullable, the database has it not null',
      'column a.size: the schema says default 0, the database has none',
      'column a.extra: in the migrated database, not in the schema',
      'index a_idx on a: the schema says (note), the database has unique (note)',
      'table only_declared: in the schema, not in the migrated database',
    ]);
  });
});
