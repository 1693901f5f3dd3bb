import { sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';

async function tableNames(database: TestDatabase): Promise<string[]> {
  // Both drivers return { rows }; the shared database type does not say so.
  const result = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('build the schema from an empty database, and a second run changes nothing', async () => {
    expect(await tableNames(database)).toEqual([]);
    await database.migrate();
    expect(await tableNames(database)).toEqual(['checkout_sessions', 'deliveries', 'delivery_events', 'subscriptions', 'users']);
    await database.migrate();
    expect(await tableNames(database)).toEqual(['checkout_sessions', 'deliveries', 'delivery_events', 'subscriptions', 'users']);
  });

  it('give new users the employee role and refuse unknown roles', async () => {
    const [row] = await database.db.insert(users).values({ name: 'Ana Flores', email: 'ana@example.com' }).returning();
    expect(row?.role).toBe('employee');
    await expect(
      database.db.execute(sql`insert into users (name, email, role) values ('X', 'x@example.com', 'owner')`),
    ).rejects.toThrow();
  });

  it('keep e-mail addresses unique ignoring case', async () => {
    await expect(database.db.insert(users).values({ name: 'Ana again', email: 'ANA@Example.com' })).rejects.toThrow();
  });
});
