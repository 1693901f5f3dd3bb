import type { BusinessFigures, BusinessFiguresQuery } from '@blooms/shared/contract/business-figures';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { Db } from '../db/database';
import { figuresVersion } from '../db/schema';
import { businessFigures, figuresRange } from './business-figures';

/** Figures computed at `version`, by day and range: kept in memory (never in the database) until the version moves. */
interface KeptFigures {
  version: number;
  byKey: Map<string, Promise<BusinessFigures>>;
}
/** Ranges kept per version and day before it starts again: a few, each a few kB. */
const MAX_KEPT = 32;

const keptByDb = new WeakMap<Db, KeptFigures>();

/** The figures version (migration 0026): it moves with every committed change the figures are read from. */
export async function figuresVersionOf(db: Db): Promise<number> {
  const [row] = await db.select({ version: figuresVersion.version }).from(figuresVersion);
  return Number(row?.version ?? 0);
}

/**
 * The owner's figures (business-figures.ts), computed once per data version, day (studio time)
 * and range, and served from memory until one of them moves: any write to what they are read
 * from moves the version at its commit, and the figures are computed again on the next request.
 * The version is read before the figures, so figures kept under it are at least that new.
 * Requests that arrive while the same figures are being computed wait for that one computation.
 */
export async function keptBusinessFigures(db: Db, query: BusinessFiguresQuery, now: Date): Promise<BusinessFigures> {
  const version = await figuresVersionOf(db);
  let kept = keptByDb.get(db);
  if (!kept || version > kept.version) keptByDb.set(db, (kept = { version, byKey: new Map() }));
  const today = studioDate(now);
  const { from, to } = figuresRange(query, today);
  const key = `${today}/${from}/${to}`;
  if (version === kept.version) {
    const found = kept.byKey.get(key);
    if (found) return found;
  }
  const computing = businessFigures(db, { from, to }, now);
  if (version === kept.version) {
    if (kept.byKey.size >= MAX_KEPT) kept.byKey.clear();
    const byKey = kept.byKey;
    byKey.set(key, computing);
    // A failed computation is not kept: the next request tries again.
    computing.catch(() => byKey.delete(key));
  }
  return computing;
}
