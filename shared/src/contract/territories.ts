// Territories: the ZIP codes a driver covers. A month's stop nobody had the month before goes
// to the driver whose territory its ZIP is in (functions/src/services/carry-over.ts). One ZIP
// belongs to at most one driver. The dashboard's form and the server check with these rules.
import { z } from 'zod';
import { isDeliveryZip } from './delivery-area';
import { monthSchema } from './deliveries-api';

export const territorySchema = z.object({
  driver: z.string(),
  driverName: z.string(),
  zips: z.array(z.string()),
});
export type Territory = z.output<typeof territorySchema>;

export const setTerritorySchema = z.strictObject({
  driver: z.email({ error: 'driver must be a staff member\u2019s e-mail.' }),
  zips: z.array(z.string()).max(200, { error: 'A territory has at most 200 ZIP codes.' }),
});
export type SetTerritory = z.output<typeof setTerritorySchema>;

/** Keep: the marks go, the drivers stay. Clear: those stops are unassigned again. */
export const settleAutoAssignedSchema = z.strictObject({ month: monthSchema, action: z.enum(['keep', 'clear']) });
export type SettleAutoAssigned = z.output<typeof settleAutoAssignedSchema>;

export const TERRITORY_MESSAGES = {
  unknownZip: (zips: string[]) =>
    `${zips.join(', ')} ${zips.length === 1 ? 'is not a ZIP code' : 'are not ZIP codes'} we deliver to. Nothing was saved.`,
  taken: (zip: string, driverName: string) => `${zip} is already in ${driverName}\u2019s territory. Nothing was saved.`,
  noDriver: (email: string) => `There is no staff member with the e-mail ${email}.`,
} as const;

/** The ZIP codes typed in a field: separated by commas or spaces, each once, in order. */
export function parseZips(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Why these ZIP codes cannot be this driver's territory, given the other drivers' territories;
 * null when they can. Unknown ZIP codes first, then the first one another driver has.
 */
export function territoryProblem(zips: readonly string[], driver: string, territories: readonly Territory[]): string | null {
  const unknown = zips.filter((zip) => !isDeliveryZip(zip));
  if (unknown.length > 0) return TERRITORY_MESSAGES.unknownZip(unknown);
  for (const zip of zips) {
    const other = territories.find((t) => t.driver.toLowerCase() !== driver.toLowerCase() && t.zips.includes(zip));
    if (other) return TERRITORY_MESSAGES.taken(zip, other.driverName);
  }
  return null;
}
