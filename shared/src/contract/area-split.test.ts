import { sameSplit, splitByArea, type SplitStop } from './area-split';

// Four areas from north to south: Kaysville (Davis), Salt Lake City, Sandy, Provo (Utah county).
const KAYSVILLE = '84037';
const SALT_LAKE = '84102';
const SANDY = '84070';
const PROVO = '84601';

function stopsIn(zip: string, count: number, prefix = zip, pickup = false): SplitStop[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${String(i).padStart(2, '0')}`, zip, pickup }));
}

const counts = (split: ReturnType<typeof splitByArea>) => split.map((share) => share.subscriptionIds.length);
/** How many drivers each area's stops went to, by area. */
function driversPerArea(split: ReturnType<typeof splitByArea>): Map<string, number> {
  const per = new Map<string, number>();
  for (const share of split) for (const area of share.areas) per.set(area.zip, (per.get(area.zip) ?? 0) + 1);
  return per;
}

describe('splitByArea', () => {
  it('assigns every stop exactly once', () => {
    const stops = [...stopsIn(SALT_LAKE, 7), ...stopsIn(PROVO, 5), ...stopsIn(SANDY, 4), ...stopsIn('84999', 2)];
    const split = splitByArea(stops, ['ana@x', 'ben@x', 'cy@x']);
    const given = split.flatMap((share) => share.subscriptionIds);
    expect(given).toHaveLength(stops.length);
    expect(new Set(given)).toEqual(new Set(stops.map((stop) => stop.id)));
  });

  it('hands out pickup-only stops with the deliveries, by area, and counts each driver’s pickups', () => {
    const stops = [...stopsIn(SALT_LAKE, 3), ...stopsIn(PROVO, 2), ...stopsIn(PROVO, 1, 'pickup', true)];
    const split = splitByArea(stops, ['ana', 'ben']);
    expect(counts(split)).toEqual([3, 3]);
    expect(split.map((share) => share.pickups)).toEqual([0, 1]);
    expect(split[1]!.subscriptionIds).toContain('pickup-00');
    expect(split[1]!.areas).toEqual([{ zip: PROVO, stops: 3 }]);
  });

  it('balances the counts within one', () => {
    for (const drivers of [1, 2, 3, 4, 5, 7]) {
      const split = splitByArea(
        [...stopsIn(SALT_LAKE, 9), ...stopsIn(PROVO, 6), ...stopsIn(SANDY, 2)],
        ['a', 'b', 'c', 'd', 'e', 'f', 'g'].slice(0, drivers),
      );
      expect(split).toHaveLength(drivers);
      expect(Math.max(...counts(split)) - Math.min(...counts(split))).toBeLessThanOrEqual(1);
    }
  });

  it('keeps each area with one driver when the balance allows it', () => {
    const split = splitByArea([...stopsIn(SALT_LAKE, 3), ...stopsIn(PROVO, 3), ...stopsIn(SANDY, 3)], ['ana', 'ben', 'cy']);
    expect(split.map((share) => share.areas)).toEqual([
      [{ zip: SALT_LAKE, stops: 3 }],
      [{ zip: SANDY, stops: 3 }],
      [{ zip: PROVO, stops: 3 }],
    ]);
  });

  it('gives the extra stop to the driver whose areas then stay whole', () => {
    // 7 stops for 2 drivers is 4 + 3; Kaysville's 3 and Salt Lake's 4 fit without a split only as 3 + 4.
    const split = splitByArea([...stopsIn(KAYSVILLE, 3), ...stopsIn(SALT_LAKE, 4)], ['ana', 'ben']);
    expect(counts(split)).toEqual([3, 4]);
    expect([...driversPerArea(split).values()]).toEqual([1, 1]);
  });

  it('splits an area only as the balance demands, and then only once per cut', () => {
    const split = splitByArea([...stopsIn(SALT_LAKE, 10), ...stopsIn(PROVO, 2)], ['ana', 'ben']);
    expect(counts(split)).toEqual([6, 6]);
    expect(driversPerArea(split)).toEqual(
      new Map([
        [SALT_LAKE, 2],
        [PROVO, 1],
      ]),
    );
  });

  it('hands out the stretch from north to south in the order the drivers were chosen', () => {
    const split = splitByArea([...stopsIn(PROVO, 2), ...stopsIn(KAYSVILLE, 2)], ['first', 'second']);
    expect(split[0]!.areas).toEqual([{ zip: KAYSVILLE, stops: 2 }]);
    expect(split[1]!.areas).toEqual([{ zip: PROVO, stops: 2 }]);
  });

  it('gives the same split whatever order the stops come in', () => {
    const stops = [...stopsIn(SALT_LAKE, 5), ...stopsIn(SANDY, 4), ...stopsIn(PROVO, 4), ...stopsIn('84999', 1)];
    const shuffled = [...stops].reverse().sort((a, b) => (a.id.charCodeAt(3) % 3) - (b.id.charCodeAt(3) % 3));
    expect(splitByArea(shuffled, ['a', 'b', 'c'])).toEqual(splitByArea(stops, ['a', 'b', 'c']));
  });

  it('gives a driver nothing when there are fewer stops than drivers, and nothing at all with no driver', () => {
    expect(counts(splitByArea(stopsIn(SANDY, 2), ['a', 'b', 'c'])).sort()).toEqual([0, 1, 1]);
    expect(splitByArea(stopsIn(SANDY, 2), [])).toEqual([]);
    expect(counts(splitByArea([], ['a', 'b']))).toEqual([0, 0]);
  });

  it('counts a driver chosen twice once, and a stop listed twice once', () => {
    const split = splitByArea([...stopsIn(SANDY, 2), ...stopsIn(SANDY, 1)], ['a', 'a', 'b']);
    expect(split.map((share) => share.driver)).toEqual(['a', 'b']);
    expect(counts(split)).toEqual([1, 1]);
  });
});

describe('sameSplit', () => {
  it('compares which stops each driver gets, not their order', () => {
    const a = [
      { driver: 'a', subscriptionIds: ['1', '2'] },
      { driver: 'b', subscriptionIds: ['3'] },
    ];
    expect(
      sameSplit(a, [
        { driver: 'b', subscriptionIds: ['3'] },
        { driver: 'a', subscriptionIds: ['2', '1'] },
      ]),
    ).toBe(true);
    expect(
      sameSplit(a, [
        { driver: 'a', subscriptionIds: ['1'] },
        { driver: 'b', subscriptionIds: ['2', '3'] },
      ]),
    ).toBe(false);
  });
});
