import type { BusinessFigures, BusinessFiguresQuery, FigureNumbers } from '@blooms/shared/contract/business-figures';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { figuresVersion } from '../db/schema';
import { loggableError, type Logger } from '../infrastructure/logger';
import { businessFigures, figuresRange } from './business-figures';

/** The figures version (migration 0026): it moves with every committed change the figures are read from. */
export async function figuresVersionOf(db: Db): Promise<number> {
  const [row] = await db.select({ version: figuresVersion.version }).from(figuresVersion);
  return Number(row?.version ?? 0);
}

/** How the figures are read (business-figures.ts; a test may hold a read to watch what is answered meanwhile). */
export type FiguresReader = (db: Db, range: { from: string; to: string }, now: Date) => Promise<FigureNumbers>;

/**
 * How long a request for figures being read again waits for the newer ones before it is
 * answered with those kept: long enough for a small studio's read, so the screen opens on fresh
 * figures, short enough that a large one's request still answers at once.
 */
export const FRESH_WAIT_MS = 200;

/** Settles when `work` does or after `ms`, whichever comes first; never rejects. */
function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/** Ranges kept at once: a few, each a few kB; the one asked for least recently goes first. */
export const MAX_KEPT_RANGES = 6;

/** One range's figures as last read, and the newer read under way, if any. */
interface KeptRange {
  figures: FigureNumbers | null;
  /** The data version read just before them (the figures are at least that new), the studio day and the instant they were read at. */
  version: number;
  day: string;
  asOf: Date;
  /** The read under way for this range (one at a time): the first one, which callers wait for, or a refresh, which they do not. */
  reading: Promise<void> | null;
}

/**
 * The owner's figures (business-figures.ts), kept in memory (never in the database) by range,
 * and served stale while they are read again: any write to what they are read from moves the
 * data version at its commit, and the next request for a range is answered at once with the
 * figures kept for it (`refreshing`: true) while one read of newer figures runs in the
 * background, unless that read ends within FRESH_WAIT_MS; the request after that gets the newer ones. So are figures read on an earlier
 * studio day. Only a range never read (or no longer kept) waits for its read, and requests
 * arriving meanwhile wait for that same read. A refresh that fails is logged and the kept
 * figures stay; a first read that fails is the caller's error and nothing is kept.
 */
export class KeptFigures {
  private readonly ranges = new Map<string, KeptRange>();

  constructor(
    private readonly db: Db,
    private readonly options: { read?: FiguresReader; log?: Logger; maxRanges?: number; freshWaitMs?: number } = {},
  ) {}

  /** The figures for the range asked for (the default one around `now`), as kept or as read now. */
  async figures(query: BusinessFiguresQuery, now: Date): Promise<BusinessFigures> {
    const version = await figuresVersionOf(this.db);
    const today = studioDate(now);
    const { from, to } = figuresRange(query, today);
    const key = `${from}/${to}`;
    let kept = this.ranges.get(key);
    if (!kept) {
      kept = { figures: null, version, day: today, asOf: now, reading: null };
      this.keep(key, kept);
    } else {
      // Asked for again: the last to be dropped.
      this.ranges.delete(key);
      this.ranges.set(key, kept);
    }
    const outdated = version > kept.version || today !== kept.day;
    if (!kept.reading && (kept.figures === null || outdated)) kept.reading = this.read(key, kept, { from, to }, version, now);
    if (kept.figures === null) await kept.reading;
    else if (kept.reading) await waitAtMost(kept.reading, this.options.freshWaitMs ?? FRESH_WAIT_MS);
    const figures = kept.figures;
    if (figures === null) throw new Error('The figures were not read.');
    return { ...figures, asOf: kept.asOf.toISOString(), refreshing: kept.reading !== null };
  }

  /** Reads the default range once, so the first request finds it kept; a failure is logged. */
  warm(now: Date): Promise<void> {
    return this.figures({}, now).then(
      () => undefined,
      (error: unknown) => this.options.log?.error({ err: loggableError(error) }, 'could not read the business figures at start'),
    );
  }

  /** Reads the range's figures into `kept`; settles once they are there (or the read failed). */
  private async read(key: string, kept: KeptRange, range: { from: string; to: string }, version: number, now: Date): Promise<void> {
    const first = kept.figures === null;
    try {
      const figures = await (this.options.read ?? businessFigures)(this.db, range, now);
      Object.assign(kept, { figures, version, day: studioDate(now), asOf: now });
    } catch (error) {
      if (first) {
        // Nothing to serve: the waiting callers get the error, the next request reads again.
        if (this.ranges.get(key) === kept) this.ranges.delete(key);
        throw error;
      }
      this.options.log?.error({ err: loggableError(error), range }, 'could not read the business figures again; the kept ones stay');
    } finally {
      kept.reading = null;
    }
  }

  private keep(key: string, kept: KeptRange) {
    this.ranges.set(key, kept);
    for (const oldest of this.ranges.keys()) {
      if (this.ranges.size <= (this.options.maxRanges ?? MAX_KEPT_RANGES)) break;
      this.ranges.delete(oldest);
    }
  }
}

/** The figures kept for this database in this process: the route and the start-up warming share them. */
export const keptFiguresFor = perDatabase((db, log?: Logger) => new KeptFigures(db, { log }));
