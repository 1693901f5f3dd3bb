// Seeds a stack's embedded database for `pnpm bench:interaction` before the stack starts: an
// admin, a driver, and STOPS yearly subscribers at addresses in the delivery area (the driver's
// stops are assigned through the API once the stack runs).
// Usage: tsx bench/seed-stops.ts <DATA_DIR> <admin e-mail> <driver e-mail> <stops>
import path from 'node:path';
import { ALL_MONTH_NUMBERS } from '@blooms/shared/contract/months';
import { NOT_A_GIFT } from '@blooms/shared/contract/subscriber';
import { openDatabase } from '../src/db/database';
import { users } from '../src/db/schema';
import { insertSubscription } from '../src/services/subscriptions';

const TOWNS = [
  ['Salt Lake City', '84111'],
  ['Provo', '84604'],
  ['Ogden', '84401'],
  ['Sandy', '84070'],
  ['Orem', '84057'],
  ['Bountiful', '84010'],
] as const;

async function main(): Promise<void> {
  const [dataDir, admin, driver, stops] = process.argv.slice(2);
  if (!dataDir || !admin || !driver || !stops) throw new Error('usage: seed-stops.ts <DATA_DIR> <admin e-mail> <driver e-mail> <stops>');
  const database = await openDatabase({ url: null, dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await database.db.insert(users).values([
    { name: 'Bench Admin', email: admin, role: 'admin' },
    { name: 'Bench Driver', email: driver, role: 'employee' },
  ]);
  for (let n = 0; n < Number(stops); n++) {
    const [city, zip] = TOWNS[n % TOWNS.length]!;
    await insertSubscription(database.db, {
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email: `stop${n}@example.com`,
      phone: '8015550100',
      address: `${100 + n} S State St`,
      unit: n % 3 === 0 ? `Apt ${n}` : '',
      city,
      state: 'UT',
      zip,
      deliveryNotes: n % 2 === 0 ? 'Please leave the vase by the side door if nobody answers.' : '',
      ...NOT_A_GIFT,
      plan: 'yearly',
      months: [...ALL_MONTH_NUMBERS],
    });
  }
  await database.close();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
