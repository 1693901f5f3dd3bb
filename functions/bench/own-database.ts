import { Client } from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/database';

/** A migrated database of its own on the PostgreSQL server at DATABASE_URL, named `name`, and how to drop it. */
export async function ownDatabase(
  name: string,
  options: Pick<DatabaseOptions, 'poolSize' | 'applicationName'> = {},
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const run = async (statement: string) => {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, ...options });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
