/** A stop where it is drawn on the map. */
export interface PlacedStop<T> {
  item: T;
  x: number;
  y: number;
}

/** Stops drawn as one marker: where (the middle of them) and which. */
export interface StopCluster<T> {
  items: T[];
  x: number;
  y: number;
}

/** How far a stop's dot reaches from its centre (its circle's radius, plus its white edge). */
export const DOT_REACH = 9;

/**
 * Which dots merge into one marker: two whose dots would overlap (closer than two dots' reach),
 * and, through them, any chain of such neighbours. A stop no other dot touches stays a dot of its
 * own (a cluster of one). Clusters keep the order of their first stop; a cluster's stops keep
 * theirs.
 */
export function clusterStops<T>(placed: readonly PlacedStop<T>[], reach = DOT_REACH): StopCluster<T>[] {
  const parent = placed.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const touching = (2 * reach) ** 2;
  for (let a = 0; a < placed.length; a++)
    for (let b = a + 1; b < placed.length; b++) {
      const dx = placed[a]!.x - placed[b]!.x;
      const dy = placed[a]!.y - placed[b]!.y;
      if (dx * dx + dy * dy < touching) parent[root(b)] = root(a);
    }
  const groups = new Map<number, PlacedStop<T>[]>();
  placed.forEach((stop, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), stop]));
  return [...groups.values()].map((group) => ({
    items: group.map((stop) => stop.item),
    x: group.reduce((sum, stop) => sum + stop.x, 0) / group.length,
    y: group.reduce((sum, stop) => sum + stop.y, 0) / group.length,
  }));
}

/** "4 stops near Provo": a cluster's name, after the city most of its stops are in (the first such, on a tie). */
export function clusterName(cities: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const city of cities) counts.set(city, (counts.get(city) ?? 0) + 1);
  const [city] = [...counts].reduce((best, next) => (next[1] > best[1] ? next : best));
  return `${cities.length} stops near ${city}`;
}
