import { clusterName, clusterStops, DOT_REACH } from './map-clusters';

const at = (item: string, x: number, y: number) => ({ item, x, y });

describe('which stops on the map merge into one marker', () => {
  it('leaves stops whose dots do not touch as dots of their own', () => {
    const clusters = clusterStops([at('a', 100, 100), at('b', 100 + 2 * DOT_REACH, 100), at('c', 300, 300)]);
    expect(clusters.map((cluster) => cluster.items)).toEqual([['a'], ['b'], ['c']]);
    expect(clusters[2]).toEqual({ items: ['c'], x: 300, y: 300 });
  });

  it('merges stops whose dots would overlap, drawn at their middle', () => {
    const clusters = clusterStops([at('a', 100, 100), at('far', 400, 100), at('b', 110, 104), at('c', 100, 100)]);
    expect(clusters.map((cluster) => cluster.items)).toEqual([['a', 'b', 'c'], ['far']]);
    expect(clusters[0]!.x).toBeCloseTo(310 / 3);
    expect(clusters[0]!.y).toBeCloseTo(304 / 3);
  });

  it('merges a chain of neighbours, each touching the next, whatever their order', () => {
    const chain = [at('a', 0, 0), at('c', 24, 0), at('b', 12, 0)];
    expect(clusterStops(chain).map((cluster) => cluster.items)).toEqual([['a', 'c', 'b']]);
  });

  it('keeps every stop exactly once', () => {
    const many = Array.from({ length: 40 }, (_, i) => at(`s${i}`, (i * 37) % 200, (i * 53) % 180));
    const items = clusterStops(many).flatMap((cluster) => cluster.items);
    expect(items.sort()).toEqual(many.map((stop) => stop.item).sort());
  });

  it('has nothing to merge with no stops', () => {
    expect(clusterStops([])).toEqual([]);
  });
});

describe('what a cluster is called', () => {
  it('counts its stops and names the city most of them are in', () => {
    expect(clusterName(['Orem', 'Provo', 'Provo', 'Orem', 'Provo'])).toBe('5 stops near Provo');
    expect(clusterName(['Sandy', 'Draper'])).toBe('2 stops near Sandy');
  });
});
