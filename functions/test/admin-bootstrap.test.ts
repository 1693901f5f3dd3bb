import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { ensureAdmins, findUserByEmail } from '../src/services/users';
import { loadConfig } from '../src/config';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';

describe('ADMIN_EMAILS', () => {
  it('defaults to admin@example.com and is read as a comma-separated, lower-cased list', () => {
    expect(loadConfig({}).adminEmails).toEqual(['admin@example.com']);
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@Blooms.example , second@blooms.example,' }).adminEmails).toEqual([
      'owner@blooms.example',
      'second@blooms.example',
    ]);
  });
});

describe.each(DATABASE_KINDS)('admin bootstrap on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('creates an admin record for each configured e-mail that has none, once', async () => {
    expect(await ensureAdmins(database.db, ['owner@blooms.example', 'second@blooms.example'])).toEqual([
      'owner@blooms.example',
      'second@blooms.example',
    ]);
    expect(await ensureAdmins(database.db, ['owner@blooms.example'])).toEqual([]);
    const rows = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(rows.map((row) => row.email).sort()).toEqual(['owner@blooms.example', 'second@blooms.example']);
  });

  it('leaves an existing record alone, whatever the case of its e-mail', async () => {
    await database.db.insert(users).values({ name: 'Eve Staff', email: 'Eve@Blooms.example', role: 'employee' });
    expect(await ensureAdmins(database.db, ['eve@blooms.example'])).toEqual([]);
    expect(await findUserByEmail(database.db, 'EVE@blooms.example')).toMatchObject({ name: 'Eve Staff', role: 'employee' });
  });
});
