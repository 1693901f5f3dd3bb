// Assign by area: the day's unassigned stops split among the drivers chosen, one stretch of
// the map each, balanced in count. The browser previews it and the server applies it, both
// with this one function, so a preview that no longer matches the stops is seen as stale.
import { ZIP_CENTROIDS } from './zip-centroids';

export interface SplitStop {
  id: string;
  zip: string;
  /** A pickup-only stop (contract/vases.ts): handed out as any stop is, and counted apart in the preview. */
  pickup: boolean;
}

/** One driver's part of the split: their stops (how many of them pickups), and the areas (ZIP codes) those are in, with counts. */
export interface DriverShare {
  driver: string;
  subscriptionIds: string[];
  pickups: number;
  areas: { zip: string; stops: number }[];
}

/**
 * The areas in the order they are handed out: north to south by their ZIP centre (the
 * delivery area runs along I-15, Davis over Salt Lake over Utah county, so a band of
 * latitude is a stretch of the drive), then any ZIP without a centre, by number.
 */
function areaOrder(a: string, b: string): number {
  const pa = ZIP_CENTROIDS.get(a);
  const pb = ZIP_CENTROIDS.get(b);
  if (pa && pb && pa.latitude !== pb.latitude) return pb.latitude - pa.latitude;
  if (pa && !pb) return -1;
  if (!pa && pb) return 1;
  return a.localeCompare(b);
}

/**
 * Where to cut the stops (laid out area by area) into `parts` runs whose sizes differ by at
 * most one, cutting inside an area as few times as possible. A cut after `q * j + e` stops,
 * where `e` counts the runs so far that got one extra stop: a small dynamic programme over
 * (run, extras so far), earliest extras first on a tie so the answer is always the same.
 */
function cuts(total: number, parts: number, isAreaEdge: (at: number) => boolean): number[] {
  const size = Math.floor(total / parts);
  const extra = total % parts;
  // best[e]: fewest splits for the runs so far with e extras; from[j][e]: extras before run j.
  let best = new Array<number>(extra + 1).fill(Infinity);
  best[0] = 0;
  const from: number[][] = [];
  for (let run = 1; run <= parts; run++) {
    const next = new Array<number>(extra + 1).fill(Infinity);
    const back = new Array<number>(extra + 1).fill(-1);
    for (let e = 0; e <= extra; e++) {
      for (const before of [e, e - 1]) {
        if (before < 0 || best[before] === Infinity) continue;
        const at = size * run + e;
        const cost = best[before]! + (run < parts && !isAreaEdge(at) ? 1 : 0);
        if (cost < next[e]!) [next[e], back[e]] = [cost, before];
      }
    }
    from.push(back);
    best = next;
  }
  const ends: number[] = [];
  for (let run = parts, e = extra; run >= 1; run--) {
    ends.unshift(size * run + e);
    e = from[run - 1]![e]!;
  }
  return ends;
}

/**
 * Splits the stops among the drivers (in the order given): every stop goes to exactly one
 * driver, counts differ by at most one, and the stops of one area (ZIP code) stay with one
 * driver unless the balance needs that area split. The first driver gets the northernmost
 * stretch. The same stops (in any order) and drivers always give the same split.
 */
export function splitByArea(stops: readonly SplitStop[], drivers: readonly string[]): DriverShare[] {
  const chosen = [...new Set(drivers)];
  if (chosen.length === 0) return [];
  const laidOut = [...new Map(stops.map((stop) => [stop.id, stop])).values()].sort(
    (a, b) => areaOrder(a.zip, b.zip) || a.id.localeCompare(b.id),
  );
  const isAreaEdge = (at: number) => at <= 0 || at >= laidOut.length || laidOut[at - 1]!.zip !== laidOut[at]!.zip;
  const ends = cuts(laidOut.length, chosen.length, isAreaEdge);
  return chosen.map((driver, i) => {
    const run = laidOut.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
    const areas: DriverShare['areas'] = [];
    for (const stop of run) {
      const last = areas.at(-1);
      if (last?.zip === stop.zip) last.stops++;
      else areas.push({ zip: stop.zip, stops: 1 });
    }
    return { driver, subscriptionIds: run.map((stop) => stop.id), pickups: run.filter((stop) => stop.pickup).length, areas };
  });
}

/** Whether two splits give every driver the same stops (as the server checks a preview against the stops now). */
export function sameSplit(a: readonly Pick<DriverShare, 'driver' | 'subscriptionIds'>[], b: typeof a): boolean {
  const key = (shares: typeof a) =>
    JSON.stringify(
      shares.map((share) => [share.driver, [...share.subscriptionIds].sort()]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  return key(a) === key(b);
}

export const STALE_SPLIT =
  'The unassigned stops changed since this split was shown (someone assigned one, or a stop was added or taken off the day). Nothing was assigned: look at the new split and apply it again.';
