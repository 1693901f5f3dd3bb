import { inArray, sql } from 'drizzle-orm';
import { sameSplit, splitByArea, STALE_SPLIT } from '@blooms/shared/contract/area-split';
import type { AssignByArea } from '@blooms/shared/contract/day-stops';
import type { MonthDelivery } from '@blooms/shared/contract/deliveries';
import type { UserRecord } from '@blooms/shared/contract/roles';
import type { StopKind } from '@blooms/shared/contract/vases';
import { inTransaction, type Db } from '../db/database';
import { subscriptions, users } from '../db/schema';
import { unassignedStops } from '../read-models/day-stops';
import { writeAssignment } from './delivery-assignment';
import { ConflictError, InvalidInputError } from '../domain/errors';
import { toUserRecord } from './users';

/**
 * Applies a previewed "Assign by area" in one transaction: only if the month's unassigned
 * stops still split that way among those drivers (contract/area-split.ts); otherwise nothing
 * changes and the caller is told to look again.
 */
export async function assignByArea(db: Db, actor: UserRecord, input: AssignByArea): Promise<MonthDelivery[]> {
  const drivers = input.split.map((share) => share.driver.toLowerCase());
  if (new Set(drivers).size < drivers.length) throw new InvalidInputError('Each driver can be chosen only once.');
  const found = await db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, drivers));
  const byEmail = new Map(found.map((user) => [user.email.toLowerCase(), toUserRecord(user)]));
  const missing = drivers.find((email) => !byEmail.has(email));
  if (missing) throw new InvalidInputError(`There is no staff member with the e-mail ${missing}.`);
  const previewed = input.split.map((share, i) => ({ driver: drivers[i]!, subscriptionIds: share.subscriptionIds }));

  return inTransaction(db, async (tx) => {
    const ids = previewed.flatMap((share) => share.subscriptionIds);
    // Waits for any assignment of these stops under way (it holds them shared), so the read below sees it.
    if (ids.length > 0) await tx.select({ id: subscriptions.id }).from(subscriptions).where(inArray(subscriptions.id, ids)).for('update');
    const stops = await unassignedStops(tx, input.month);
    const now = splitByArea(stops, drivers);
    if (!sameSplit(now, previewed)) throw new ConflictError(STALE_SPLIT);
    const changed: MonthDelivery[] = [];
    // The split hands out the month's stops as the day summary counts them: deliveries and pickup-only stops.
    const kinds = new Map(stops.map((stop): [string, StopKind] => [stop.id, stop.pickup ? 'pickup' : 'delivery']));
    for (const share of now)
      changed.push(...(await writeAssignment(tx, actor, input.month, share.subscriptionIds, byEmail.get(share.driver)!, kinds)));

    return changed;
  });
}
