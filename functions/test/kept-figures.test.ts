// The owner's figures served stale while they are read again: after a write, the next request is
// answered at once with the figures kept, while one newer read runs; the request after it gets them.
import { PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import type { FigureNumbers } from '@blooms/shared/contract/business-figures';
import { studioDate } from '@blooms/shared/contract/delivery-dates';
import { businessFigures } from '../src/read-models/business-figures';
import { KeptFigures, type FiguresReader } from '../src/read-models/kept-figures';
import { recordPayment } from '../src/services/payment-ledger';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addSubscription, noonOn } from './support/fixtures';

const NOW = noonOn('2026-11-26');
const THIS_MONTH = studioDate(NOW).slice(0, 7);
const chargedNow = (figures: FigureNumbers) => figures.money.months.find((month) => month.month === THIS_MONTH)!.chargedCents;

/** The real read, each one held until the test lets it finish: what is answered meanwhile is what a request gets while it runs. */
function heldReader() {
  const held: { release: () => void; done: Promise<FigureNumbers> }[] = [];
  const read: FiguresReader = (db, range, now) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const done = businessFigures(db, range, now).then(async (figures) => {
      await gate;
      return figures;
    });
    held.push({ release, done });
    return done;
  };
  return { read, held };
}

/** A clock a minute later at each reading. */
function ticking() {
  let minutes = 0;
  return () => new Date(NOW.getTime() + 60_000 * minutes++);
}

describe.each(DATABASE_KINDS)('the owner’s figures, served while newer ones are read, on %s', (kind) => {
  let database: TestDatabase;
  let subscriptionId: string;

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    subscriptionId = (await addSubscription(database.db)).id;
  });
  afterAll(() => database.destroy());

  it('answers right after a write with the figures kept and refreshing, then with the newer ones read later', async () => {
    const { read, held } = heldReader();
    const errors: unknown[] = [];
    const kept = new KeptFigures(database.db, { read, log: { info: () => {}, warn: () => {}, error: (fields) => errors.push(fields) } });
    const clock = ticking();

    // Never read: the request waits for the read.
    const firstAnswer = kept.figures({}, clock());
    await Promise.resolve();
    await waitFor(() => held.length === 1);
    held[0]!.release();
    const first = await firstAnswer;
    expect(first.refreshing).toBe(false);

    await recordPayment(database.db, subscriptionId, 'pi_kept_1', THIS_MONTH, PRICE_PER_MONTH_CENTS, { at: NOW });

    // The read of newer figures is held: the answer comes anyway, with the figures kept.
    const stale = await kept.figures({}, clock());
    expect(held).toHaveLength(2);
    expect(stale).toEqual({ ...first, refreshing: true });
    // Asked again meanwhile: the same kept figures, and still one read under way.
    expect(await kept.figures({}, clock())).toEqual({ ...first, refreshing: true });
    expect(held).toHaveLength(2);

    held[1]!.release();
    await held[1]!.done;
    await waitFor(async () => !(await kept.figures({}, clock())).refreshing);
    const fresh = await kept.figures({}, clock());
    expect(fresh.refreshing).toBe(false);
    expect(chargedNow(fresh)).toBe(chargedNow(first) + PRICE_PER_MONTH_CENTS);
    expect(Date.parse(fresh.asOf)).toBeGreaterThan(Date.parse(first.asOf));
    expect(held).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('keeps the figures it has when reading them again fails, and logs why', async () => {
    let fail = false;
    const read: FiguresReader = (db, range, now) =>
      fail ? Promise.reject(new Error('the database went away')) : businessFigures(db, range, now);
    const errors: object[] = [];
    const kept = new KeptFigures(database.db, { read, log: { info: () => {}, warn: () => {}, error: (fields) => errors.push(fields) } });
    const first = await kept.figures({}, NOW);
    fail = true;
    await recordPayment(database.db, subscriptionId, 'pi_kept_2', THIS_MONTH, PRICE_PER_MONTH_CENTS, { at: NOW });
    // The failed read ends within the wait for newer figures: the kept ones are answered, no read under way.
    expect(await kept.figures({}, NOW)).toEqual({ ...first, refreshing: false });
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('the database went away');
  });

  it('answers with the newer figures when their read ends within the wait for them', async () => {
    const reads: string[] = [];
    const read: FiguresReader = (db, range, now) => {
      reads.push(now.toISOString());
      return businessFigures(db, range, now);
    };
    // A wait long enough for any read of this small database, however loaded the machine.
    const kept = new KeptFigures(database.db, { read, freshWaitMs: 10_000 });
    const clock = ticking();
    const first = await kept.figures({}, clock());
    await recordPayment(database.db, subscriptionId, 'pi_kept_3', THIS_MONTH, PRICE_PER_MONTH_CENTS, { at: NOW });
    const fresh = await kept.figures({}, clock());
    expect(fresh.refreshing).toBe(false);
    expect(chargedNow(fresh)).toBe(chargedNow(first) + PRICE_PER_MONTH_CENTS);
    expect(reads).toHaveLength(2);
  });

  it('waits for a range never read, and keeps only a few ranges: the one asked for least recently is read again', async () => {
    const reads: string[] = [];
    const read: FiguresReader = (db, range, now) => {
      reads.push(`${range.from}/${range.to}`);
      return businessFigures(db, range, now);
    };
    const kept = new KeptFigures(database.db, { read, maxRanges: 2 });
    const range = (month: string) => ({ from: month, to: month });
    // Asked for at once: one read.
    await Promise.all([kept.figures(range('2026-01'), NOW), kept.figures(range('2026-01'), NOW)]);
    await kept.figures(range('2026-02'), NOW);
    await kept.figures(range('2026-01'), NOW);
    await kept.figures(range('2026-03'), NOW);
    expect(reads).toEqual(['2026-01/2026-01', '2026-02/2026-02', '2026-03/2026-03']);
    const again = await kept.figures(range('2026-02'), NOW);
    expect(again.refreshing).toBe(false);
    expect(reads.at(-1)).toBe('2026-02/2026-02');
    await kept.figures(range('2026-03'), NOW);
    expect(reads).toHaveLength(4);
  });
});

/** Waits (a few seconds at most) until the condition holds. */
async function waitFor(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('waited too long');
}
