/**
 * `pnpm outbox:retry [days]`: after a mail server outage longer than the outbox's day of
 * retries, queues again the e-mails given up on in the last `days` days (default 3). The
 * embedded database belongs to one process: stop the backend first (docs/operations.md).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { retryGivenUp } from './email-outbox';

async function main(): Promise<void> {
  const days = Number(process.argv[2] ?? 3);
  if (!Number.isInteger(days) || days < 1) throw new Error('Say how many days back to look, as a whole number: pnpm outbox:retry 3');
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  try {
    const retried = await retryGivenUp(database.db, days);
    console.log(`${retried} e-mails given up on in the last ${days} days are queued again; the backend sends them when it runs.`);
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
