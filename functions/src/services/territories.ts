import { asc, eq, sql } from 'drizzle-orm';
import { displayFirstName, type UserRecord } from '@blooms/shared/contract/roles';
import { TERRITORY_MESSAGES, territoryProblem, type SetTerritory, type Territory } from '@blooms/shared/contract/territories';
import { inTransaction, type Db } from '../db/database';
import { territories, users } from '../db/schema';
import { InvalidInputError } from '../domain/errors';
import { findUserByEmail } from './users';

/** Every driver's territory, by driver name; drivers with none are left out. */
export async function listTerritories(db: Db): Promise<Territory[]> {
  const rows = await db
    .select({ zip: territories.zip, email: users.email, name: users.name })
    .from(territories)
    .innerJoin(users, eq(users.id, territories.driverId))
    .orderBy(asc(territories.zip));
  const byDriver = new Map<string, Territory>();
  for (const row of rows) {
    const territory = byDriver.get(row.email) ?? { driver: row.email, driverName: displayFirstName(row), zips: [] };
    territory.zips.push(row.zip);
    byDriver.set(row.email, territory);
  }
  return [...byDriver.values()].sort((a, b) => a.driverName.localeCompare(b.driverName));
}

/**
 * Makes these ZIP codes the driver's whole territory (none: no territory), or changes nothing
 * and says why: a ZIP outside the delivery area, or one in another driver's territory.
 */
export async function setTerritory(db: Db, actor: UserRecord, input: SetTerritory): Promise<Territory[]> {
  const driver = await findUserByEmail(db, input.driver);
  if (!driver) throw new InvalidInputError(TERRITORY_MESSAGES.noDriver(input.driver));
  const zips = [...new Set(input.zips.map((zip) => zip.trim()))];
  return inTransaction(db, async (tx) => {
    // One change of territories at a time, so two drivers cannot both take a ZIP between check and write.
    await tx.execute(sql`lock table territories in share row exclusive mode`);
    const problem = territoryProblem(zips, driver.email, await listTerritories(tx));
    if (problem) throw new InvalidInputError(problem);
    await tx.delete(territories).where(eq(territories.driverId, driver.id));
    if (zips.length > 0) await tx.insert(territories).values(zips.map((zip) => ({ zip, driverId: driver.id, setBy: actor.email })));
    return listTerritories(tx);
  });
}
